import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to="/" className="btn btn-primary">
        Go home
      </Link>
    </main>
  );
}

import { createFileRoute } from '@tanstack/react-router';

interface LoginSearch {
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: () => <h1 className="text-3xl font-bold">Sign in</h1>,
});

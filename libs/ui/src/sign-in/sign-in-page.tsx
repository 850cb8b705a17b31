import type { ReactNode } from 'react';

/** The login page's frame: the product's name above the widget, centred. */
export function SignInPage({ children }: { children: ReactNode }) {
  return (
    <main className="bg-base-200 flex min-h-screen flex-col items-center justify-center gap-6 p-4">
      <p className="text-3xl font-bold">Stream</p>
      {children}
    </main>
  );
}

/** What /login shows to someone already signed in: "You are logged in" and Logout. */
export function SignedInNotice({ onLogout }: { onLogout: () => void }) {
  return (
    <section className="card bg-base-100 w-full max-w-sm shadow-md">
      <div className="card-body items-center gap-4 text-center">
        <h1 className="text-xl font-semibold">You are logged in</h1>
        <button type="button" className="btn btn-primary" onClick={onLogout}>
          Logout
        </button>
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { FEATURES } from '../primitives';

/**
 * The login page's frame: what Stream is (for a visitor who opened the root, perhaps after a
 * colleague's link), its four promises and a picture of a recording and its watch page, beside the
 * widget. Text and a static SVG only: this is the first page, within its JavaScript budget.
 */
export function SignInPage({
  children,
  notice,
  oidc,
  saml,
}: {
  children: ReactNode;
  /** Said above the widget (an account just deleted). */ notice?: string | undefined;
  /** The organisation's sign-in (OpenID Connect), offered above the widget: its name and where it starts. */
  oidc?: { name: string; href: string } | undefined;
  /** The organisation's sign-in by SAML 2.0: a second button of the same kind. */
  saml?: { name: string; href: string } | undefined;
}) {
  const buttons = [oidc, saml].filter((button) => button !== undefined);
  return (
    <main className="bg-base-200 flex min-h-screen flex-col items-center justify-center gap-8 p-4 lg:flex-row lg:items-start lg:pt-24">
      <section aria-label="About Stream" className="flex max-w-md flex-col gap-4">
        <p className="text-3xl font-bold">Stream</p>
        <p>
          Record your screen and microphone, then share the recording as a link. Someone sent you a link? Open it:
          watching needs no account. Sign in to record and keep your own library.
        </p>
        <ul className="flex flex-col gap-2 text-sm">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <strong>{feature.title}.</strong> {feature.text}
            </li>
          ))}
        </ul>
        <img
          src="/how-stream-works.svg"
          alt="A screen being recorded, then the same recording on its watch page with a link to share"
          width={320}
          height={120}
          className="bg-base-100 rounded-box w-full max-w-xs p-2"
        />
      </section>
      {notice || buttons.length ? (
        <div className="flex w-full max-w-sm flex-col gap-4">
          {/* The text in the page's colour: alert-success's own green on its tint read at 1.86:1. */}
          {notice && (
            <p role="status" className="alert alert-success alert-soft">
              <span className="text-base-content">{notice}</span>
            </p>
          )}
          {buttons.map((button) => (
            <a key={button.href} className="btn btn-primary w-full" href={button.href}>
              Continue with {button.name}
            </a>
          ))}
          {children}
        </div>
      ) : (
        children
      )}
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

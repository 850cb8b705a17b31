import type { ReactNode } from 'react';
import { DelayedSpinner } from './delayed-spinner';

export interface SignInCardProps {
  title: string;
  busy?: boolean;
  children: ReactNode;
}

/** The frame every sign-in screen shares: a titled card with the delayed progress spinner. */
export function SignInCard({ title, busy = false, children }: SignInCardProps) {
  return (
    <section className="card bg-base-100 border-base-300 w-full max-w-sm border shadow-md" aria-busy={busy}>
      <div className="card-body gap-4">
        <div className="flex items-center justify-between gap-2">
          <h1 className="card-title text-xl">{title}</h1>
          <DelayedSpinner active={busy} />
        </div>
        {children}
      </div>
    </section>
  );
}

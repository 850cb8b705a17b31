import type { ReactNode } from 'react';
import { SignInCard } from './sign-in-card';

export interface NoticeScreenProps {
  title: string;
  children: ReactNode;
  /** The screen's one button, e.g. Done, Continue, Sign in again. */
  action?: { label: string; onClick: () => void };
  secondary?: { label: string; onClick: () => void };
  tone?: 'info' | 'error';
  busy?: boolean;
}

/**
 * Screens that tell rather than ask: recovery email sent, sign-in link sent, email verified,
 * email change revoked, second factor removed, signed out, not authorized, and errors.
 */
export function NoticeScreen({ title, children, action, secondary, tone = 'info', busy }: NoticeScreenProps) {
  return (
    <SignInCard title={title} busy={busy}>
      <div role={tone === 'error' ? 'alert' : 'status'} className={tone === 'error' ? 'text-error' : undefined}>
        {children}
      </div>
      {(action || secondary) && (
        <div className="flex justify-end gap-2">
          {secondary && (
            <button type="button" className="btn btn-ghost" onClick={secondary.onClick} disabled={busy}>
              {secondary.label}
            </button>
          )}
          {action && (
            <button type="button" className="btn btn-primary" onClick={action.onClick} disabled={busy} autoFocus>
              {action.label}
            </button>
          )}
        </div>
      )}
    </SignInCard>
  );
}

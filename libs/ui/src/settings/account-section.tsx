import { useState } from 'react';
import { SaveNotice, SettingsSection } from './settings-section';

type Outcome = { ok: true } | { ok: false; message: string } | null;

export interface AccountSectionProps {
  email: string;
  emailVerified: boolean;
  /** Sign-in methods linked, as Firebase names them (`password`, `google.com`). */
  providers: string[];
  hasPassword: boolean;
  verification: Outcome;
  onResendVerification: () => void;
  passwordBusy: boolean;
  password: Outcome;
  onChangePassword: (currentPassword: string, newPassword: string) => void;
}

const providerNames: Record<string, string> = {
  password: 'Email and password',
  'google.com': 'Google',
  'facebook.com': 'Facebook',
  phone: 'Phone',
  emailLink: 'Email link',
};

/** Email and its verification, the sign-in methods, and a password change (with the current password). */
export function AccountSection(props: AccountSectionProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  return (
    <SettingsSection id="account" title="Account">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">Email</dt>
        <dd>{props.email || '—'}</dd>
        <dt className="font-semibold">Email verified</dt>
        <dd>{props.emailVerified ? 'Yes' : 'No'}</dd>
        <dt className="font-semibold">Sign-in methods</dt>
        <dd>{props.providers.map((id) => providerNames[id] ?? id).join(', ') || '—'}</dd>
      </dl>
      {!props.emailVerified && props.email && (
        <div className="flex flex-col gap-1">
          <div>
            <button type="button" className="btn btn-sm" onClick={props.onResendVerification}>
              Resend verification email
            </button>
          </div>
          <SaveNotice
            error={props.verification && !props.verification.ok ? props.verification.message : undefined}
            done={props.verification?.ok}
            doneText="Verification email sent"
          />
        </div>
      )}
      {props.hasPassword && (
        <form
          className="flex flex-col gap-2 max-w-md"
          aria-label="Change password"
          onSubmit={(event) => {
            event.preventDefault();
            props.onChangePassword(current, next);
          }}
        >
          <h3 className="font-semibold">Change password</h3>
          <label className="flex flex-col gap-1">
            <span>Current password</span>
            <input
              type="password"
              className="input input-bordered"
              autoComplete="current-password"
              value={current}
              onChange={(event) => setCurrent(event.currentTarget.value)}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span>New password</span>
            <input
              type="password"
              className="input input-bordered"
              autoComplete="new-password"
              value={next}
              onChange={(event) => setNext(event.currentTarget.value)}
            />
          </label>
          <div>
            <button type="submit" className="btn btn-sm" disabled={props.passwordBusy}>
              Change password
            </button>
          </div>
          <SaveNotice
            error={props.password && !props.password.ok ? props.password.message : undefined}
            done={props.password?.ok}
            doneText="Password changed"
          />
        </form>
      )}
    </SettingsSection>
  );
}

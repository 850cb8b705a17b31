import { useState } from 'react';
import { SaveNotice, SettingsInput, SettingsSection, SubmitWithNotice } from './settings-section';

type Outcome = { ok: true } | { ok: false; message: string } | null;

const noticeOf = (outcome: Outcome) => ({
  error: outcome && !outcome.ok ? outcome.message : undefined,
  done: outcome?.ok,
});

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
          <SaveNotice {...noticeOf(props.verification)} doneText="Verification email sent" />
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
          <SettingsInput
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
          />
          <SettingsInput
            label="New password"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={setNext}
          />
          <SubmitWithNotice
            label="Change password"
            disabled={props.passwordBusy}
            notice={{ ...noticeOf(props.password), doneText: 'Password changed' }}
          />
        </form>
      )}
    </SettingsSection>
  );
}

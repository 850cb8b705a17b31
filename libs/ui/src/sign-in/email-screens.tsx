// The email and password screens of the sign-in widget. Each takes what it shows and reports
// what the person submitted; validation and the identity provider live in @stream/auth.
import { FormActions, FormCard } from './form-card';
import { FormError } from '../primitives';
import { EmailField, PasswordField, TextField } from './text-field';

interface ScreenState {
  busy?: boolean;
  /** Message for the main field (or the screen), word for word. */
  error?: string | null;
}

export function EmailScreen({
  busy,
  error,
  defaultEmail,
  onSubmit,
  onEmailLink,
  onCancel,
}: ScreenState & {
  defaultEmail?: string;
  onSubmit: (email: string) => void;
  onEmailLink?: (email: string) => void;
  onCancel: () => void;
}) {
  return (
    <FormCard title="Sign in with email" busy={busy} onValues={(values) => onSubmit(values.email ?? '')}>
      <EmailField autoFocus defaultValue={defaultEmail} error={error} />
      {onEmailLink && (
        // A plain button, so Enter in the field still means Next.
        <button
          type="button"
          className="btn btn-link btn-sm self-start px-0"
          disabled={busy}
          onClick={(event) => onEmailLink(String(new FormData(event.currentTarget.form!).get('email') ?? ''))}
        >
          Email me a sign-in link instead
        </button>
      )}
      <FormActions busy={busy} onCancel={onCancel} submit="Next" />
    </FormCard>
  );
}

export function PasswordScreen({
  busy,
  error,
  email,
  onSubmit,
  onTrouble,
  onCancel,
}: ScreenState & { email: string; onSubmit: (password: string) => void; onTrouble: () => void; onCancel: () => void }) {
  return (
    <FormCard title="Sign in" busy={busy} onValues={(values) => onSubmit(values.password ?? '')}>
      <EmailField value={email} readOnly autoComplete="username" />
      <PasswordField autoFocus error={error} />
      <button type="button" className="btn btn-link btn-sm self-start px-0" onClick={onTrouble} disabled={busy}>
        Trouble signing in?
      </button>
      <FormActions busy={busy} onCancel={onCancel} submit="Sign in" />
    </FormCard>
  );
}

export interface SignUpValues {
  email: string;
  name: string;
  password: string;
}

export function SignUpScreen({
  busy,
  error,
  errorField = 'password',
  email,
  onSubmit,
  onCancel,
}: ScreenState & {
  errorField?: 'email' | 'name' | 'password';
  email: string;
  onSubmit: (values: SignUpValues) => void;
  onCancel: () => void;
}) {
  const errorOf = (field: typeof errorField) => (errorField === field ? error : null);
  return (
    <FormCard
      title="Create your account"
      busy={busy}
      // An email nobody uses yet comes here: say it is a sign-up, not a sign-in that went wrong.
      intro={<p>No account uses {email} yet. Choose a password to sign up.</p>}
      onValues={(values) =>
        onSubmit({ email: values.email ?? '', name: values.name ?? '', password: values.password ?? '' })
      }
    >
      <EmailField defaultValue={email} error={errorOf('email')} />
      <TextField label="First & last name" name="name" autoComplete="name" autoFocus error={errorOf('name')} />
      <PasswordField label="Choose password" autoComplete="new-password" error={errorOf('password')} />
      <FormActions busy={busy} onCancel={onCancel} submit="Sign up" />
    </FormCard>
  );
}

export function RecoveryScreen({
  busy,
  error,
  email,
  onSubmit,
  onCancel,
}: ScreenState & { email: string; onSubmit: (email: string) => void; onCancel: () => void }) {
  return (
    <FormCard
      title="Recover password"
      busy={busy}
      intro={<p>Get instructions sent to this email that explain how to reset your password</p>}
      onValues={(values) => onSubmit(values.email ?? '')}
    >
      <EmailField autoFocus defaultValue={email} error={error} />
      <FormActions busy={busy} onCancel={onCancel} submit="Send" />
    </FormCard>
  );
}

export function ResetPasswordScreen({
  busy,
  error,
  email,
  onSubmit,
}: ScreenState & { email: string; onSubmit: (password: string) => void }) {
  return (
    <FormCard
      title="Reset your password"
      busy={busy}
      intro={<p>for {email}</p>}
      onValues={(values) => onSubmit(values.password ?? '')}
    >
      <PasswordField label="New password" autoComplete="new-password" autoFocus error={error} />
      <FormActions busy={busy} submit="Save" />
    </FormCard>
  );
}

export function EmailLinkConfirmScreen({
  busy,
  error,
  onSubmit,
  onCancel,
}: ScreenState & { onSubmit: (email: string) => void; onCancel: () => void }) {
  return (
    <FormCard
      title="Confirm email"
      busy={busy}
      intro={<p>Confirm your email to complete sign in</p>}
      onValues={(values) => onSubmit(values.email ?? '')}
    >
      <EmailField autoFocus error={error} />
      <FormActions busy={busy} onCancel={onCancel} submit="Next" />
    </FormCard>
  );
}

export function AccountLinkingScreen({
  busy,
  error,
  email,
  provider,
  onSubmit,
  onCancel,
}: ScreenState & { email: string; provider: string; onSubmit: (password: string) => void; onCancel: () => void }) {
  return (
    <FormCard
      title="You already have an account"
      busy={busy}
      intro={
        <p>
          You’ve already used <strong>{email}</strong>. Sign in with your password to connect your {provider} account to
          it.
        </p>
      }
      after={<FormError banner />}
      onValues={(values) => onSubmit(values.password ?? '')}
    >
      <PasswordField autoFocus error={error} />
      <FormActions busy={busy} onCancel={onCancel} submit="Sign in" />
    </FormCard>
  );
}

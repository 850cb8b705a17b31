// The email and password screens of the sign-in widget. Each takes what it shows and reports
// what the person submitted; validation and the identity provider live in @stream/auth.
import { readForm } from './form-data';
import { FormError } from './form-error';
import { SignInCard } from './sign-in-card';
import { TextField } from './text-field';

interface ScreenState {
  busy?: boolean;
  /** Message for the main field (or the screen), word for word. */
  error?: string | null;
}

const Actions = ({
  busy,
  cancel,
  onCancel,
  submit,
}: {
  busy?: boolean;
  cancel?: string;
  onCancel?: () => void;
  submit: string;
}) => (
  <div className="flex justify-end gap-2">
    {onCancel && (
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
        {cancel ?? 'Cancel'}
      </button>
    )}
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {submit}
    </button>
  </div>
);

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
    <SignInCard title="Sign in with email" busy={busy}>
      <form noValidate className="flex flex-col gap-2" onSubmit={(event) => onSubmit(readForm(event).email ?? '')}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          defaultValue={defaultEmail}
          error={error}
        />
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
        <Actions busy={busy} onCancel={onCancel} submit="Next" />
      </form>
    </SignInCard>
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
    <SignInCard title="Sign in" busy={busy}>
      <form noValidate className="flex flex-col gap-2" onSubmit={(event) => onSubmit(readForm(event).password ?? '')}>
        <TextField label="Email" name="email" type="email" value={email} readOnly autoComplete="username" />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus
          error={error}
        />
        <button type="button" className="btn btn-link btn-sm self-start px-0" onClick={onTrouble} disabled={busy}>
          Trouble signing in?
        </button>
        <Actions busy={busy} onCancel={onCancel} submit="Sign in" />
      </form>
    </SignInCard>
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
  return (
    <SignInCard title="Create account" busy={busy}>
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          const values = readForm(event);
          onSubmit({ email: values.email ?? '', name: values.name ?? '', password: values.password ?? '' });
        }}
      >
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          error={errorField === 'email' ? error : null}
        />
        <TextField
          label="First & last name"
          name="name"
          autoComplete="name"
          autoFocus
          error={errorField === 'name' ? error : null}
        />
        <TextField
          label="Choose password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errorField === 'password' ? error : null}
        />
        <Actions busy={busy} onCancel={onCancel} submit="Save" />
      </form>
    </SignInCard>
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
    <SignInCard title="Recover password" busy={busy}>
      <p>Get instructions sent to this email that explain how to reset your password</p>
      <form noValidate className="flex flex-col gap-2" onSubmit={(event) => onSubmit(readForm(event).email ?? '')}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          defaultValue={email}
          error={error}
        />
        <Actions busy={busy} onCancel={onCancel} submit="Send" />
      </form>
    </SignInCard>
  );
}

export function ResetPasswordScreen({
  busy,
  error,
  email,
  onSubmit,
}: ScreenState & { email: string; onSubmit: (password: string) => void }) {
  return (
    <SignInCard title="Reset your password" busy={busy}>
      <p>for {email}</p>
      <form noValidate className="flex flex-col gap-2" onSubmit={(event) => onSubmit(readForm(event).password ?? '')}>
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          autoFocus
          error={error}
        />
        <Actions busy={busy} submit="Save" />
      </form>
    </SignInCard>
  );
}

export function EmailLinkConfirmScreen({
  busy,
  error,
  onSubmit,
  onCancel,
}: ScreenState & { onSubmit: (email: string) => void; onCancel: () => void }) {
  return (
    <SignInCard title="Confirm email" busy={busy}>
      <p>Confirm your email to complete sign in</p>
      <form noValidate className="flex flex-col gap-2" onSubmit={(event) => onSubmit(readForm(event).email ?? '')}>
        <TextField label="Email" name="email" type="email" autoComplete="email" autoFocus error={error} />
        <Actions busy={busy} onCancel={onCancel} submit="Next" />
      </form>
    </SignInCard>
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
    <SignInCard title="You already have an account" busy={busy}>
      <p>
        You’ve already used <strong>{email}</strong>. Sign in with your password to connect your {provider} account to
        it.
      </p>
      <form noValidate className="flex flex-col gap-2" onSubmit={(event) => onSubmit(readForm(event).password ?? '')}>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus
          error={error}
        />
        <Actions busy={busy} onCancel={onCancel} submit="Sign in" />
      </form>
      <FormError />
    </SignInCard>
  );
}

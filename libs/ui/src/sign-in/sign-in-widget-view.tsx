import { Suspense, type ComponentType } from 'react';
import {
  AccountLinkingScreen,
  EmailLinkConfirmScreen,
  EmailScreen,
  PasswordScreen,
  RecoveryScreen,
  ResetPasswordScreen,
  SignUpScreen,
  type SignUpValues,
} from './email-screens';
import { NoticeScreen } from './notice-screen';
import { ProviderChoiceScreen, type ProviderChoice } from './provider-choice';

/** The screen to show, with what it shows (`@stream/auth`'s `useSignInWidget` keeps it). */
export type SignInWidgetScreen =
  | { name: 'select' | 'email' | 'reset-done' | 'phone' | 'signed-out' | 'email-link-confirm' }
  | { name: 'password' | 'sign-up' | 'recovery' | 'recovery-sent' | 'email-link-sent'; email: string }
  | { name: 'provider'; email: string; providerName: string; canPopup: boolean }
  | { name: 'reset-password'; email: string }
  | { name: 'phone-code'; phoneNumber: string }
  | { name: 'linking'; email: string; providerName: string }
  | { name: 'notice' | 'error'; title: string; message: string }
  | { name: 'unauthorized'; email: string | null };

/** What each screen's buttons report. */
export interface SignInWidgetEvents {
  select(provider: ProviderChoice): void;
  /** Back to the choice of provider. */
  back(): void;
  email(email: string): void;
  emailLink(email: string): void;
  emailAgain(): void;
  password(password: string): void;
  trouble(): void;
  signUp(values: SignUpValues): void;
  popupAgain(): void;
  recover(email: string): void;
  recoveryCancel(): void;
  resetPassword(password: string): void;
  confirmEmailLink(email: string): void;
  phoneNumber(values: { country: string; phoneNumber: string }): void;
  changeNumber(): void;
  resend(): void;
  phoneCode(code: string): void;
  link(password: string): void;
}

interface PhoneStepProps {
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (values: { country: string; phoneNumber: string }) => void;
}
interface PhoneCodeStepProps {
  busy: boolean;
  error: string | null;
  verified: boolean;
  phoneNumber: string;
  secondsLeft: number;
  onChangeNumber: () => void;
  onResend: () => void;
  onSubmit: (code: string) => void;
}

export interface SignInWidgetViewProps {
  screen: SignInWidgetScreen;
  busy: boolean;
  error: string | null;
  errorField: 'email' | 'name' | 'password';
  secondsLeft: number;
  verified: boolean;
  on: SignInWidgetEvents;
  /** The phone screens, which need the country list: the app loads them lazily (the first page's budget). */
  PhoneNumberStep: ComponentType<PhoneStepProps>;
  PhoneCodeStep: ComponentType<PhoneCodeStepProps>;
  /** The id of the element phone sign-in's invisible reCAPTCHA uses. */
  recaptchaHostId: string;
}

/** The sign-in widget: one screen at a time. */
export function SignInWidgetView({ recaptchaHostId, ...props }: SignInWidgetViewProps) {
  return (
    <>
      <Suspense fallback={<span className="loading loading-spinner loading-md" role="status" aria-label="Loading" />}>
        <WidgetScreenView {...props} />
      </Suspense>
      <div id={recaptchaHostId} />
    </>
  );
}

function WidgetScreenView(props: Omit<SignInWidgetViewProps, 'recaptchaHostId'>) {
  const { screen, busy, error, on } = props;
  const state = { busy, error };
  switch (screen.name) {
    case 'select':
      return <ProviderChoiceScreen {...state} onSelect={on.select} />;
    case 'email':
      return <EmailScreen {...state} onCancel={on.back} onSubmit={on.email} onEmailLink={on.emailLink} />;
    case 'password':
      return (
        <PasswordScreen
          {...state}
          email={screen.email}
          onCancel={on.back}
          onTrouble={on.trouble}
          onSubmit={on.password}
        />
      );
    case 'sign-up':
      return (
        <SignUpScreen
          {...state}
          errorField={props.errorField}
          email={screen.email}
          onCancel={on.back}
          onSubmit={on.signUp}
        />
      );
    case 'provider':
      return (
        <NoticeScreen
          title="Sign in"
          busy={busy}
          action={
            screen.canPopup ? { label: `Sign in with ${screen.providerName}`, onClick: on.popupAgain } : undefined
          }
          secondary={{ label: 'Cancel', onClick: on.back }}
        >
          <p>
            You’ve already used {screen.email}. Sign in with {screen.providerName} to continue.
          </p>
          {error && <p className="text-error mt-2">{error}</p>}
        </NoticeScreen>
      );
    case 'recovery':
      return <RecoveryScreen {...state} email={screen.email} onCancel={on.recoveryCancel} onSubmit={on.recover} />;
    case 'recovery-sent':
      return (
        <NoticeScreen title="Check your email" action={{ label: 'Done', onClick: on.back }}>
          <p>Follow the instructions sent to {screen.email} to recover your password</p>
        </NoticeScreen>
      );
    case 'reset-password':
      return <ResetPasswordScreen {...state} email={screen.email} onSubmit={on.resetPassword} />;
    case 'reset-done':
      return (
        <NoticeScreen title="Password changed" action={{ label: 'Sign in', onClick: on.back }}>
          <p>You can now sign in with your new password</p>
        </NoticeScreen>
      );
    case 'email-link-sent':
      return (
        <NoticeScreen title="Sign-in email sent" action={{ label: 'Back', onClick: on.emailAgain }}>
          <p>
            A sign-in email with additional instructions was sent to {screen.email}. Check your email to complete
            sign-in.
          </p>
        </NoticeScreen>
      );
    case 'email-link-confirm':
      return <EmailLinkConfirmScreen {...state} onCancel={on.back} onSubmit={on.confirmEmailLink} />;
    case 'phone':
      return <props.PhoneNumberStep {...state} onCancel={on.back} onSubmit={on.phoneNumber} />;
    case 'phone-code':
      return (
        <props.PhoneCodeStep
          {...state}
          verified={props.verified}
          phoneNumber={screen.phoneNumber}
          secondsLeft={props.secondsLeft}
          onChangeNumber={on.changeNumber}
          onResend={on.resend}
          onSubmit={on.phoneCode}
        />
      );
    case 'linking':
      return (
        <AccountLinkingScreen
          {...state}
          email={screen.email}
          provider={screen.providerName}
          onCancel={on.back}
          onSubmit={on.link}
        />
      );
    case 'notice':
      return (
        <NoticeScreen title={screen.title} action={{ label: 'Continue', onClick: on.back }}>
          <p>{screen.message}</p>
        </NoticeScreen>
      );
    case 'signed-out':
      return (
        <NoticeScreen title="Sign Out" action={{ label: 'Sign in', onClick: on.back }}>
          <p>You are now successfully signed out.</p>
        </NoticeScreen>
      );
    case 'unauthorized':
      return (
        <NoticeScreen title="Not Authorized" tone="error" action={{ label: 'Back', onClick: on.back }}>
          <p>{screen.email ?? 'This account'} is not authorized to view the requested page.</p>
        </NoticeScreen>
      );
    case 'error':
      return (
        <NoticeScreen title={screen.title} tone="error" action={{ label: 'Back', onClick: on.back }}>
          <p>{screen.message}</p>
        </NoticeScreen>
      );
  }
}

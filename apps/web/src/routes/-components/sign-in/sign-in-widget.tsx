import {
  AFTER_PHONE_SUCCESS_MS,
  RESEND_COUNTDOWN_SECONDS,
  messages,
  startCountdown,
  type Failure,
  type LoginResult,
  type Outcome,
  type SignInActions,
} from '@stream/auth';
import {
  AccountLinkingScreen,
  EmailLinkConfirmScreen,
  EmailScreen,
  NoticeScreen,
  PasswordScreen,
  ProviderChoiceScreen,
  RecoveryScreen,
  ResetPasswordScreen,
  SignUpScreen,
} from '@stream/ui';
import { Suspense, lazy, useEffect, useEffectEvent, useRef, useState } from 'react';
import { actionDoneCopy, actionFailedCopy } from './action-copy';
import { actionLinkStart } from './action-link';
import { popupProviderFor, providerName, type WidgetMode, type WidgetScreen } from './widget-screen';

export interface SignInWidgetProps {
  actions: SignInActions;
  /** `mode` and `oobCode` from the URL: an email action link, or `select`. */
  mode?: WidgetMode;
  oobCode?: string;
  /** The page's own URL, for email-link sign-in. */
  currentUrl: string;
  /** Where email sign-in links lead back to. */
  continueUrl: string;
  initialScreen?: WidgetScreen;
  onSignedIn: (result: LoginResult) => void;
}

const RECAPTCHA_HOST = 'sign-in-recaptcha';

const phoneSteps = () => import('./phone-steps');
const PhoneNumberStep = lazy(async () => ({ default: (await phoneSteps()).PhoneNumberStep }));
const PhoneCodeStep = lazy(async () => ({ default: (await phoneSteps()).PhoneCodeStep }));

const signUpField = (message: string | null) =>
  message === messages.missingEmail || message === messages.invalidEmail || message === messages.emailAlreadyInUse
    ? 'email'
    : message === messages.missingName
      ? 'name'
      : 'password';

/** Our sign-in widget: one screen at a time, each wired to an action of @stream/auth. */
export function SignInWidget({
  actions,
  mode,
  oobCode,
  currentUrl,
  continueUrl,
  initialScreen,
  onSignedIn,
}: SignInWidgetProps) {
  // An email action link decides the first screen, or starts busy with its call to the provider.
  const [link] = useState(() => actionLinkStart(actions, { mode, oobCode, currentUrl }));
  const [screen, setScreen] = useState<WidgetScreen>(() =>
    link && 'screen' in link ? link.screen : (initialScreen ?? { name: 'select' }),
  );
  const [busy, setBusy] = useState(link !== null && 'mode' in link);
  const [error, setError] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [verified, setVerified] = useState(false);
  const stopCountdown = useRef<() => void>(() => {});
  const mounted = useRef(true);
  useEffect(() => {
    // Set here too: StrictMode mounts, unmounts and mounts again in development.
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopCountdown.current();
    };
  }, []);

  const go = (next: WidgetScreen) => {
    setError(null);
    setScreen(next);
  };
  /** Runs an action with the spinner and turns its failure into the screen's message. */
  function run<T>(action: () => Promise<Outcome<T>>, onOk: (value: T) => void, onFail?: (failure: Failure) => void) {
    setBusy(true);
    setError(null);
    return settle(action, onOk, onFail);
  }
  /** The second half of `run`: waits for the action, then shows its result (for a call already shown as busy). */
  async function settle<T>(
    action: () => Promise<Outcome<T>>,
    onOk: (value: T) => void,
    onFail?: (failure: Failure) => void,
  ) {
    const outcome = await action();
    if (!mounted.current) return;
    setBusy(false);
    if (outcome.ok) return onOk(outcome.value);
    if (outcome.code === 'auth/user-disabled')
      return go({ name: 'unauthorized', email: 'email' in screen ? (screen.email as string) : null });
    if (onFail) return onFail(outcome);
    setError(outcome.message);
  }

  // The action link's call, once (StrictMode runs effects twice). An effect event: the callbacks it
  // uses are new every render and must not run it again.
  const handled = useRef(false);
  const finishActionLink = useEffectEvent(() => {
    if (handled.current || !link || 'screen' in link) return;
    handled.current = true;
    const failed = (failure: Failure) =>
      go({ name: 'error', ...actionFailedCopy(link.mode, failure.message ?? messages.somethingWentWrong) });
    if (link.mode === 'signIn')
      return void settle(() => actions.completeEmailLink(link.email, currentUrl), onSignedIn, failed);
    const { mode, oobCode } = link;
    if (mode === 'resetPassword') {
      return void settle(
        () => actions.checkPasswordResetCode(oobCode),
        (email) => go({ name: 'reset-password', code: oobCode, email }),
        failed,
      );
    }
    void settle(
      () => actions.applyActionCode(oobCode),
      (details) => go({ name: 'notice', ...actionDoneCopy(mode, details) }),
      failed,
    );
  });
  useEffect(() => finishActionLink(), []);

  const sendCode = (country: string, typed: string) =>
    run(
      () => actions.sendPhoneCode(country, typed, RECAPTCHA_HOST),
      (phoneNumber) => {
        go({ name: 'phone-code', phoneNumber, country, typed });
        stopCountdown.current();
        stopCountdown.current = startCountdown(
          RESEND_COUNTDOWN_SECONDS,
          (left) => mounted.current && setSecondsLeft(left),
        );
      },
    );

  const popup = (provider: 'google' | 'facebook') =>
    run(
      () => actions.signInWithPopup(provider),
      (value) => ('linking' in value ? go({ name: 'linking', ...value.linking }) : onSignedIn(value)),
      (failure) => setError(failure.message),
    );

  const toSelect = () => go({ name: 'select' });
  const view = (() => {
    switch (screen.name) {
      case 'select':
        return (
          <ProviderChoiceScreen
            busy={busy}
            error={error}
            onSelect={(provider) => {
              if (provider === 'email') go({ name: 'email' });
              else if (provider === 'phone') go({ name: 'phone' });
              else void popup(provider);
            }}
          />
        );
      case 'email':
        return (
          <EmailScreen
            busy={busy}
            error={error}
            onCancel={toSelect}
            onSubmit={(email) =>
              run(
                () => actions.checkEmail(email),
                (next) => {
                  const trimmed = email.trim();
                  if (next.screen === 'password') go({ name: 'password', email: trimmed });
                  else if (next.screen === 'sign-up') go({ name: 'sign-up', email: trimmed });
                  else if (next.screen === 'provider')
                    go({ name: 'provider', email: trimmed, providerId: next.providerId });
                },
              )
            }
            onEmailLink={(email) =>
              run(
                () => actions.sendEmailLink(email, continueUrl),
                () => go({ name: 'email-link-sent', email: email.trim() }),
              )
            }
          />
        );
      case 'password':
        return (
          <PasswordScreen
            busy={busy}
            error={error}
            email={screen.email}
            onCancel={toSelect}
            onTrouble={() => go({ name: 'recovery', email: screen.email })}
            onSubmit={(password) => run(() => actions.signInWithPassword(screen.email, password), onSignedIn)}
          />
        );
      case 'sign-up':
        return (
          <SignUpScreen
            busy={busy}
            error={error}
            errorField={signUpField(error)}
            email={screen.email}
            onCancel={toSelect}
            onSubmit={(values) => run(() => actions.signUp(values), onSignedIn)}
          />
        );
      case 'provider': {
        const popupProvider = popupProviderFor(screen.providerId);
        return (
          <NoticeScreen
            title="Sign in"
            busy={busy}
            action={
              popupProvider
                ? { label: `Sign in with ${providerName(screen.providerId)}`, onClick: () => void popup(popupProvider) }
                : undefined
            }
            secondary={{ label: 'Cancel', onClick: toSelect }}
          >
            <p>
              You’ve already used {screen.email}. Sign in with {providerName(screen.providerId)} to continue.
            </p>
            {error && <p className="text-error mt-2">{error}</p>}
          </NoticeScreen>
        );
      }
      case 'recovery':
        return (
          <RecoveryScreen
            busy={busy}
            error={error}
            email={screen.email}
            onCancel={() => go({ name: 'password', email: screen.email })}
            onSubmit={(email) =>
              run(
                () => actions.sendPasswordRecovery(email),
                () => go({ name: 'recovery-sent', email: email.trim() }),
              )
            }
          />
        );
      case 'recovery-sent':
        return (
          <NoticeScreen title="Check your email" action={{ label: 'Done', onClick: toSelect }}>
            <p>Follow the instructions sent to {screen.email} to recover your password</p>
          </NoticeScreen>
        );
      case 'reset-password':
        return (
          <ResetPasswordScreen
            busy={busy}
            error={error}
            email={screen.email}
            onSubmit={(password) =>
              run(
                () => actions.resetPassword(screen.code, password),
                () => go({ name: 'reset-done' }),
                (failure) =>
                  failure.code === 'auth/invalid-action-code' || failure.code === 'auth/expired-action-code'
                    ? go({
                        name: 'error',
                        ...actionFailedCopy('resetPassword', failure.message ?? messages.somethingWentWrong),
                      })
                    : setError(failure.message),
              )
            }
          />
        );
      case 'reset-done':
        return (
          <NoticeScreen title="Password changed" action={{ label: 'Sign in', onClick: toSelect }}>
            <p>You can now sign in with your new password</p>
          </NoticeScreen>
        );
      case 'email-link-sent':
        return (
          <NoticeScreen title="Sign-in email sent" action={{ label: 'Back', onClick: () => go({ name: 'email' }) }}>
            <p>
              A sign-in email with additional instructions was sent to {screen.email}. Check your email to complete
              sign-in.
            </p>
          </NoticeScreen>
        );
      case 'email-link-confirm':
        return (
          <EmailLinkConfirmScreen
            busy={busy}
            error={error}
            onCancel={toSelect}
            onSubmit={(email) => run(() => actions.completeEmailLink(email, screen.url), onSignedIn)}
          />
        );
      case 'phone':
        return (
          <PhoneNumberStep
            busy={busy}
            error={error}
            onCancel={toSelect}
            onSubmit={({ country, phoneNumber }) => sendCode(country, phoneNumber)}
          />
        );
      case 'phone-code':
        return (
          <PhoneCodeStep
            busy={busy}
            error={error}
            verified={verified}
            phoneNumber={screen.phoneNumber}
            secondsLeft={secondsLeft}
            onChangeNumber={() => {
              stopCountdown.current();
              go({ name: 'phone' });
            }}
            onResend={() => void sendCode(screen.country, screen.typed)}
            onSubmit={(code) =>
              run(
                () => actions.confirmPhoneCode(code),
                (result) => {
                  stopCountdown.current();
                  setVerified(true);
                  setBusy(true);
                  setTimeout(() => mounted.current && onSignedIn(result), AFTER_PHONE_SUCCESS_MS);
                },
              )
            }
          />
        );
      case 'linking':
        return (
          <AccountLinkingScreen
            busy={busy}
            error={error}
            email={screen.email}
            provider={providerName(screen.providerId)}
            onCancel={toSelect}
            onSubmit={(password) => run(() => actions.linkWithPassword(screen.email, password), onSignedIn)}
          />
        );
      case 'notice':
        return (
          <NoticeScreen title={screen.title} action={{ label: 'Continue', onClick: toSelect }}>
            <p>{screen.message}</p>
          </NoticeScreen>
        );
      case 'signed-out':
        return (
          <NoticeScreen title="Sign Out" action={{ label: 'Sign in', onClick: toSelect }}>
            <p>You are now successfully signed out.</p>
          </NoticeScreen>
        );
      case 'unauthorized':
        return (
          <NoticeScreen title="Not Authorized" tone="error" action={{ label: 'Back', onClick: toSelect }}>
            <p>{screen.email ?? 'This account'} is not authorized to view the requested page.</p>
          </NoticeScreen>
        );
      case 'error':
        return (
          <NoticeScreen title={screen.title} tone="error" action={{ label: 'Back', onClick: toSelect }}>
            <p>{screen.message}</p>
          </NoticeScreen>
        );
    }
  })();

  return (
    <>
      <Suspense fallback={<span className="loading loading-spinner loading-md" role="status" aria-label="Loading" />}>
        {view}
      </Suspense>
      {/* Phone sign-in's invisible reCAPTCHA (not used with the emulator). */}
      <div id={RECAPTCHA_HOST} />
    </>
  );
}

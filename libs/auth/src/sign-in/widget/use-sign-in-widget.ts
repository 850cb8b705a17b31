import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { LoginResult } from '../../session/session-user';
import { messages } from '../../validation/messages';
import { AFTER_PHONE_SUCCESS_MS, RESEND_COUNTDOWN_SECONDS, startCountdown } from '../countdown';
import type { Failure, Outcome } from '../outcome';
import type { SignInActions } from '../sign-in-actions';
import { actionDoneCopy, actionFailedCopy } from './action-copy';
import { actionLinkStart } from './action-link';
import { popupProviderFor, providerName, type WidgetMode, type WidgetScreen } from './widget-screen';

/** Which field of the sign-up screen a message belongs to. */
const signUpField = (message: string | null): 'email' | 'name' | 'password' =>
  message === messages.missingEmail || message === messages.invalidEmail || message === messages.emailAlreadyInUse
    ? 'email'
    : message === messages.missingName
      ? 'name'
      : 'password';

export interface SignInWidgetOptions {
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

/** Where phone sign-in's invisible reCAPTCHA goes (not used with the emulator): an element with this id. */
export const RECAPTCHA_HOST = 'sign-in-recaptcha';

/**
 * The sign-in widget's state and what each screen's buttons do: one screen at a time, each wired
 * to an action of `SignInActions`; busy while an action runs, its refusal as the screen's error,
 * the phone code's resend countdown and the pause after success, and the email action link's call.
 * `@stream/ui`'s `SignInWidgetView` draws it.
 */
export function useSignInWidget({
  actions,
  mode,
  oobCode,
  currentUrl,
  continueUrl,
  initialScreen,
  onSignedIn,
}: SignInWidgetOptions) {
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
  const failedLink = (linkMode: WidgetMode) => (failure: Failure) =>
    go({ name: 'error', ...actionFailedCopy(linkMode, failure.message ?? messages.somethingWentWrong) });

  // The action link's call, once (StrictMode runs effects twice). An effect event: the callbacks it
  // uses are new every render and must not run it again.
  const handled = useRef(false);
  const finishActionLink = useEffectEvent(() => {
    if (handled.current || !link || 'screen' in link) return;
    handled.current = true;
    if (link.mode === 'signIn')
      return void settle(() => actions.completeEmailLink(link.email, currentUrl), onSignedIn, failedLink('signIn'));
    const { mode, oobCode } = link;
    if (mode === 'resetPassword') {
      return void settle(
        () => actions.checkPasswordResetCode(oobCode),
        (email) => go({ name: 'reset-password', code: oobCode, email }),
        failedLink(mode),
      );
    }
    void settle(
      () => actions.applyActionCode(oobCode),
      (details) => go({ name: 'notice', ...actionDoneCopy(mode, details) }),
      failedLink(mode),
    );
  });
  useEffect(() => finishActionLink(), []);

  const sendCode = (country: string, typed: string) =>
    void run(
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
    void run(
      () => actions.signInWithPopup(provider),
      (value) =>
        'linking' in value
          ? go({ name: 'linking', ...value.linking, providerName: providerName(value.linking.providerId) })
          : onSignedIn(value),
      (failure) => setError(failure.message),
    );
  const emailOf = () => ('email' in screen ? (screen.email as string) : '');
  const toSelect = () => go({ name: 'select' });

  /** What the buttons of the screens do; each acts on the screen shown. */
  const on = {
    select: (provider: 'google' | 'facebook' | 'email' | 'phone') =>
      provider === 'email' || provider === 'phone' ? go({ name: provider }) : popup(provider),
    back: toSelect,
    email: (email: string) =>
      void run(
        () => actions.checkEmail(email),
        (next) => {
          const trimmed = email.trim();
          if (next.screen === 'password') go({ name: 'password', email: trimmed });
          else if (next.screen === 'sign-up') go({ name: 'sign-up', email: trimmed });
          else if (next.screen === 'provider') {
            const { providerId } = next;
            const canPopup = popupProviderFor(providerId) !== null;
            go({ name: 'provider', email: trimmed, providerId, providerName: providerName(providerId), canPopup });
          }
        },
      ),
    emailLink: (email: string) =>
      void run(
        () => actions.sendEmailLink(email, continueUrl),
        () => go({ name: 'email-link-sent', email: email.trim() }),
      ),
    emailAgain: () => go({ name: 'email' }),
    password: (password: string) => void run(() => actions.signInWithPassword(emailOf(), password), onSignedIn),
    trouble: () => go({ name: 'recovery', email: emailOf() }),
    signUp: (values: { email: string; name: string; password: string }) =>
      void run(() => actions.signUp(values), onSignedIn),
    popupAgain: () => {
      const provider = screen.name === 'provider' ? popupProviderFor(screen.providerId) : null;
      if (provider) popup(provider);
    },
    recover: (email: string) =>
      void run(
        () => actions.sendPasswordRecovery(email),
        () => go({ name: 'recovery-sent', email: email.trim() }),
      ),
    recoveryCancel: () => go({ name: 'password', email: emailOf() }),
    resetPassword: (password: string) => {
      if (screen.name !== 'reset-password') return;
      void run(
        () => actions.resetPassword(screen.code, password),
        () => go({ name: 'reset-done' }),
        (failure) =>
          failure.code === 'auth/invalid-action-code' || failure.code === 'auth/expired-action-code'
            ? failedLink('resetPassword')(failure)
            : setError(failure.message),
      );
    },
    confirmEmailLink: (email: string) => {
      if (screen.name === 'email-link-confirm')
        void run(() => actions.completeEmailLink(email, screen.url), onSignedIn);
    },
    phoneNumber: ({ country, phoneNumber }: { country: string; phoneNumber: string }) => sendCode(country, phoneNumber),
    changeNumber: () => {
      stopCountdown.current();
      go({ name: 'phone' });
    },
    resend: () => {
      if (screen.name === 'phone-code') sendCode(screen.country, screen.typed);
    },
    phoneCode: (code: string) =>
      void run(
        () => actions.confirmPhoneCode(code),
        (result) => {
          stopCountdown.current();
          setVerified(true);
          setBusy(true);
          setTimeout(() => mounted.current && onSignedIn(result), AFTER_PHONE_SUCCESS_MS);
        },
      ),
    link: (password: string) => void run(() => actions.linkWithPassword(emailOf(), password), onSignedIn),
  };

  return { screen, busy, error, errorField: signUpField(error), secondsLeft, verified, on };
}

export type SignInWidgetState = ReturnType<typeof useSignInWidget>;

import { RECAPTCHA_HOST, useSignInWidget, type SignInWidgetOptions } from '@stream/auth';
import { SignInWidgetView } from '@stream/ui';
import { lazy } from 'react';

export type SignInWidgetProps = SignInWidgetOptions;

// The phone screens and their country list load only when a person picks phone sign-in.
const phoneSteps = () => import('./phone-steps');
const PhoneNumberStep = lazy(async () => ({ default: (await phoneSteps()).PhoneNumberStep }));
const PhoneCodeStep = lazy(async () => ({ default: (await phoneSteps()).PhoneCodeStep }));

/** Our sign-in widget: `@stream/auth`'s flow drawn by `@stream/ui`'s screens. */
export function SignInWidget(props: SignInWidgetProps) {
  return (
    <SignInWidgetView
      {...useSignInWidget(props)}
      PhoneNumberStep={PhoneNumberStep}
      PhoneCodeStep={PhoneCodeStep}
      recaptchaHostId={RECAPTCHA_HOST}
    />
  );
}

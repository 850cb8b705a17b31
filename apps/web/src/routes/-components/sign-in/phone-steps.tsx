// The phone sign-in screens with their country list, in a chunk of their own: the login page
// loads it only when a person picks phone sign-in (the first page's JavaScript budget).
import { COUNTRIES, DEFAULT_COUNTRY, formatCountdown } from '@stream/auth';
import { PhoneCodeScreen, PhoneNumberScreen } from '@stream/ui';
import type { ComponentProps } from 'react';

export function PhoneNumberStep(props: Omit<ComponentProps<typeof PhoneNumberScreen>, 'countries' | 'defaultCountry'>) {
  return <PhoneNumberScreen {...props} countries={COUNTRIES} defaultCountry={DEFAULT_COUNTRY} />;
}

export function PhoneCodeStep(props: Omit<ComponentProps<typeof PhoneCodeScreen>, 'countdownText'>) {
  return <PhoneCodeScreen {...props} countdownText={formatCountdown(props.secondsLeft)} />;
}

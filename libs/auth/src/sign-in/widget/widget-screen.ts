import type { PopupProvider } from '../../firebase/auth-client';

/** Every screen of the sign-in widget, with what it needs to show. */
export type WidgetScreen =
  | { name: 'select' }
  | { name: 'email' }
  | { name: 'password'; email: string }
  | { name: 'sign-up'; email: string }
  | { name: 'provider'; email: string; providerId: string; providerName: string; canPopup: boolean }
  | { name: 'recovery'; email: string }
  | { name: 'recovery-sent'; email: string }
  | { name: 'reset-password'; code: string; email: string }
  | { name: 'reset-done' }
  | { name: 'email-link-sent'; email: string }
  | { name: 'email-link-confirm'; url: string }
  | { name: 'phone' }
  | { name: 'phone-code'; phoneNumber: string; country: string; typed: string }
  | { name: 'linking'; email: string; providerId: string; providerName: string }
  | { name: 'notice'; title: string; message: string }
  | { name: 'signed-out' }
  | { name: 'unauthorized'; email: string | null }
  | { name: 'error'; title: string; message: string };

/** The `mode` values of SPEC §2 that email links and the widget itself use. */
export const WIDGET_MODES = [
  'resetPassword',
  'recoverEmail',
  'revertSecondFactorAddition',
  'verifyEmail',
  'verifyAndChangeEmail',
  'signIn',
  'select',
] as const;
export type WidgetMode = (typeof WIDGET_MODES)[number];

export const providerName = (providerId: string) =>
  ({ 'google.com': 'Google', 'facebook.com': 'Facebook', password: 'email', phone: 'phone' })[providerId] ?? providerId;

export const popupProviderFor = (providerId: string): PopupProvider | null =>
  providerId === 'google.com' ? 'google' : providerId === 'facebook.com' ? 'facebook' : null;

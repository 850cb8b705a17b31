import { NotificationMail, Theme, Visibility, type Account } from '@stream/proto';

export type DefaultVisibilityLabel = 'Private' | 'Shared' | 'Public';
export type ThemeLabel = 'System' | 'Light' | 'Dark';

export const defaultVisibilityLabels: readonly DefaultVisibilityLabel[] = ['Private', 'Shared', 'Public'];
export const themeLabels: readonly ThemeLabel[] = ['System', 'Light', 'Dark'];

const visibilityOf: Record<DefaultVisibilityLabel, Visibility> = {
  Private: Visibility.PRIVATE,
  Shared: Visibility.SHARED,
  Public: Visibility.PUBLIC,
};
const themeOf: Record<ThemeLabel, Theme> = { System: Theme.SYSTEM, Light: Theme.LIGHT, Dark: Theme.DARK };

export type NotificationMailLabel = 'Immediately' | 'Daily digest' | 'Off';
const notificationMailOf: Record<NotificationMailLabel, NotificationMail> = {
  Immediately: NotificationMail.IMMEDIATE,
  'Daily digest': NotificationMail.DIGEST,
  Off: NotificationMail.OFF,
};
export const notificationMailOfLabel = (label: NotificationMailLabel) => notificationMailOf[label];
/** The label of the account's notification mail choice ('Immediately' for one this client does not know). */
export const notificationMailLabel = (account: Pick<Account, 'notificationMail'>): NotificationMailLabel =>
  (Object.entries(notificationMailOf).find(([, value]) => value === account.notificationMail)?.[0] as
    NotificationMailLabel | undefined) ?? 'Immediately';

export const visibilityOfDefaultLabel = (label: DefaultVisibilityLabel) => visibilityOf[label];
export const themeOfLabel = (label: ThemeLabel) => themeOf[label];

/** What /settings shows of an account, as plain values for `@stream/ui`. */
export function accountView(account: Account) {
  const visibility =
    (Object.entries(visibilityOf).find(([, value]) => value === account.defaultVisibility)?.[0] as
      DefaultVisibilityLabel | undefined) ?? 'Private';
  const theme =
    (Object.entries(themeOf).find(([, value]) => value === account.theme)?.[0] as ThemeLabel | undefined) ?? 'System';
  return {
    displayName: account.displayName,
    email: account.email,
    photoUrl: account.photoUrl,
    defaultVisibility: visibility,
    theme,
    spokenLanguage: account.defaultSpokenLanguage,
    recording: {
      camera: account.recordingDefaults?.camera ?? false,
      microphone: account.recordingDefaults?.microphone ?? true,
      // /record's own default while the person has set none.
      countdownSeconds: account.recordingDefaults?.countdownSeconds ?? 3,
    },
  };
}

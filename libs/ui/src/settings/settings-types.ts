/** A save of some part of /settings and what came of it. */
export interface SaveState {
  busy: boolean;
  error?: string;
  done?: boolean;
}

export type DefaultVisibilityChoice = 'Private' | 'Shared' | 'Public';
export type ThemeChoice = 'System' | 'Light' | 'Dark';

export interface RecordingDefaultsChoice {
  camera: boolean;
  microphone: boolean;
  countdownSeconds: number;
}

/** The sections of /settings, by their anchor (`/settings#profile`). */
export const SETTINGS_SECTIONS = [
  { id: 'profile', title: 'Profile' },
  { id: 'account', title: 'Account' },
  { id: 'defaults', title: 'Defaults' },
  { id: 'notifications', title: 'Notifications' },
  { id: 'storage', title: 'Storage' },
  { id: 'api-keys', title: 'API keys' },
  { id: 'webhooks', title: 'Webhooks' },
  { id: 'data', title: 'Your data' },
] as const;

import { AppError, type AppErrorKind } from '../platform/app-error';

/** What a refusal of the account service was about (AccountRefusalReason on the wire). */
export type AccountRefusal =
  | 'name_blank'
  | 'name_too_long'
  | 'visibility_not_allowed'
  | 'email_mismatch'
  | 'sole_owner_of_team'
  | 'theme_unknown'
  | 'recording_defaults_invalid'
  | 'photo_not_image'
  | 'photo_too_large';

/** A refused account call: the edge sends `reason` along so the web app can say it in words. */
export class AccountError extends AppError {
  constructor(
    kind: AppErrorKind,
    readonly reason: AccountRefusal,
    message: string,
    readonly teamNames: string[] = [],
  ) {
    super(kind, message);
    this.name = 'AccountError';
  }
}

export type DefaultVisibility = 'PRIVATE' | 'SHARED' | 'PUBLIC';
export type ThemeChoice = 'system' | 'light' | 'dark';
/** How notifications reach the person by mail. */
export type NotificationMailChoice = 'immediate' | 'digest' | 'off';

export interface RecordingDefaults {
  camera: boolean;
  microphone: boolean;
  countdownSeconds: number;
}

export interface Account {
  uid: string;
  displayName: string;
  email: string;
  /** The uploaded photo's signed URL, else the ID token's picture, else ''. */
  photoUrl: string;
  defaultVisibility: DefaultVisibility;
  /** Undefined until the person sets them: /record then starts with its own. */
  recordingDefaults?: RecordingDefaults;
  theme: ThemeChoice;
  notificationMail: NotificationMailChoice;
  createdAt: Date;
  /** The spoken language (ISO 639-1) a video with none of its own is transcribed in; '' detects it. */
  defaultSpokenLanguage: string;
}

export const DISPLAY_NAME_MAX = 100;
export const COUNTDOWN_MAX_SECONDS = 10;
export const FALLBACK_RECORDING_DEFAULTS: RecordingDefaults = { camera: false, microphone: true, countdownSeconds: 0 };

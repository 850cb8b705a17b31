import type { ColumnType } from 'kysely';

/** A person who signed in, as their last ID token described them */
export interface UserTable {
  uid: string;
  email: ColumnType<string, string | undefined, string>;
  display_name: ColumnType<string, string | undefined, string>;
  photo_url: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  /** An admin turned them away; their calls and share links are refused. */
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** int8: their own storage quota; null: the instance default. */
  quota_bytes: ColumnType<string | number | null, number | null | undefined, number | null>;
  /** Set once the person edits their name in /settings: the ID token no longer overwrites it. */
  name_edited: ColumnType<boolean, boolean | undefined, boolean>;
  default_visibility: ColumnType<'PRIVATE' | 'SHARED' | 'PUBLIC', 'PRIVATE' | 'SHARED' | 'PUBLIC' | undefined>;
  recording_defaults: ColumnType<RecordingDefaultsJson | null, string | null | undefined, string | null>;
  theme: ColumnType<'system' | 'light' | 'dark', 'system' | 'light' | 'dark' | undefined>;
  /** The id of the photo uploaded in /settings (photo_url is then its URL); null: the token's picture. */
  photo_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The spoken language (ISO 639-1) new videos are transcribed in; '' lets the engine detect it. */
  default_spoken_language: ColumnType<string, string | undefined, string>;
  /** How notifications reach them by mail. */
  notification_mail: ColumnType<NotificationMailChoice, NotificationMailChoice | undefined>;
  /** How they first arrived: a Firebase ID token (default), OpenID Connect, later SAML or SCIM. */
  source: ColumnType<UserSource, UserSource | undefined, UserSource>;
  /** Their identity provider (an OpenID Connect issuer) and its id for them (`sub`): matched before any email. */
  external_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The directory's id for them (SCIM `externalId`), apart from the OIDC link so a sign-in never overwrites it. */
  scim_external_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** In one of OIDC_ADMIN_GROUPS at their last OpenID Connect sign-in: an instance admin (admin/instance-admins.ts). */
  directory_admin: ColumnType<boolean, boolean | undefined, boolean>;
}

export type UserSource = 'firebase' | 'oidc' | 'saml' | 'scim';

/** At once, in a daily digest, or not by mail (users.notification_mail). */
export type NotificationMailChoice = 'immediate' | 'digest' | 'off';

/** What /record starts with (users.recording_defaults). */
export interface RecordingDefaultsJson {
  camera: boolean;
  microphone: boolean;
  countdownSeconds: number;
}

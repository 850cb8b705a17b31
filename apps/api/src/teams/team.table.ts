import type { ColumnType } from 'kysely';

export type TeamRole = 'owner' | 'admin' | 'member';

/** A person who signed in, as their last ID token described them (issue 27). */
export interface UserTable {
  uid: string;
  email: ColumnType<string, string | undefined, string>;
  display_name: ColumnType<string, string | undefined, string>;
  photo_url: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  /** Issue 32: an admin turned them away; their calls and share links are refused. */
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** int8, issue 32: their own storage quota; null: the instance default. */
  quota_bytes: ColumnType<string | number | null, number | null | undefined, number | null>;
  /** Set once the person edits their name in /settings (issue 32): the ID token no longer overwrites it. */
  name_edited: ColumnType<boolean, boolean | undefined, boolean>;
  default_visibility: ColumnType<'PRIVATE' | 'SHARED' | 'PUBLIC', 'PRIVATE' | 'SHARED' | 'PUBLIC' | undefined>;
  recording_defaults: ColumnType<RecordingDefaultsJson | null, string | null | undefined, string | null>;
  theme: ColumnType<'system' | 'light' | 'dark', 'system' | 'light' | 'dark' | undefined>;
  /** Issue 32: the id of the photo uploaded in /settings (photo_url is then its URL); null: the token's picture. */
  photo_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 30: the spoken language (ISO 639-1) new videos are transcribed in; '' lets the engine detect it. */
  default_spoken_language: ColumnType<string, string | undefined, string>;
  /** Issue 28: how notifications reach them by mail. */
  notification_mail: ColumnType<NotificationMailChoice, NotificationMailChoice | undefined>;
}

/** At once, in a daily digest, or not by mail (users.notification_mail). */
export type NotificationMailChoice = 'immediate' | 'digest' | 'off';

/** What /record starts with (users.recording_defaults). */
export interface RecordingDefaultsJson {
  camera: boolean;
  microphone: boolean;
  countdownSeconds: number;
}

export interface TeamTable {
  id: string;
  name: string;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface TeamMemberTable {
  team_id: string;
  uid: string;
  role: TeamRole;
  joined_at: ColumnType<Date, Date | undefined, never>;
}

/** An invite link: only the SHA-256 (base64url) of its token is kept. */
export interface TeamInviteTable {
  id: string;
  team_id: string;
  token_hash: string;
  role: TeamRole;
  expires_at: Date;
  uses_left: number;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

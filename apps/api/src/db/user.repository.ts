import { sql, type Kysely } from 'kysely';
import type { NotificationMailChoice, RecordingDefaultsJson } from './team.table';
import type { Database } from './video.table';

export interface UserClaims {
  uid: string;
  email: string;
  displayName: string;
  photoUrl: string;
}

/**
 * Creates or refreshes a person's row from their ID token's claims; `db` may be a transaction. A
 * name the person edited in /settings stays (issue 32). Answers the name the row now holds and
 * whether it is an edited one.
 */
export async function upsertUser(
  db: Kysely<Database>,
  claims: UserClaims,
): Promise<{ displayName: string; nameEdited: boolean }> {
  const row = await db
    .insertInto('users')
    .values({ uid: claims.uid, email: claims.email, display_name: claims.displayName, photo_url: claims.photoUrl })
    .onConflict((oc) =>
      oc.column('uid').doUpdateSet({
        email: claims.email,
        display_name: sql<string>`case when users.name_edited then users.display_name else excluded.display_name end`,
        photo_url: claims.photoUrl,
        last_seen_at: sql<Date>`now()`,
        // Only a real change of the claims moves updated_at.
        updated_at: sql<Date>`case when users.email is distinct from excluded.email
          or (not users.name_edited and users.display_name is distinct from excluded.display_name)
          or users.photo_url is distinct from excluded.photo_url then now() else users.updated_at end`,
      }),
    )
    .returning(['display_name', 'name_edited'])
    .executeTakeFirstOrThrow();
  return { displayName: row.display_name, nameEdited: row.name_edited };
}

/** A person's row if they ever signed in. */
export async function findUser(db: Kysely<Database>, uid: string) {
  return db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
}

/** Sets the name a person chose in /settings; the ID token no longer overwrites it. False: no row. */
export async function setEditedName(db: Kysely<Database>, uid: string, displayName: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ display_name: displayName, name_edited: true, updated_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface AccountDefaults {
  defaultVisibility?: 'PRIVATE' | 'SHARED' | 'PUBLIC';
  recordingDefaults?: RecordingDefaultsJson;
  theme?: 'system' | 'light' | 'dark';
  notificationMail?: NotificationMailChoice;
}

/** Replaces the defaults given, keeping the others. False: no row. */
export async function setAccountDefaults(
  db: Kysely<Database>,
  uid: string,
  defaults: AccountDefaults,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      ...(defaults.defaultVisibility ? { default_visibility: defaults.defaultVisibility } : {}),
      ...(defaults.recordingDefaults ? { recording_defaults: JSON.stringify(defaults.recordingDefaults) } : {}),
      ...(defaults.theme ? { theme: defaults.theme } : {}),
      ...(defaults.notificationMail ? { notification_mail: defaults.notificationMail } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('uid', '=', uid)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The visibility a new video of `uid` starts with: their default, PRIVATE for someone without a row. */
export async function defaultVisibilityOf(db: Kysely<Database>, uid: string): Promise<'PRIVATE' | 'SHARED' | 'PUBLIC'> {
  const row = await db.selectFrom('users').select('default_visibility').where('uid', '=', uid).executeTakeFirst();
  return row?.default_visibility ?? 'PRIVATE';
}

import { sql, type Kysely } from 'kysely';
import { uidHash } from './deleted-account.repository';
import type { NotificationMailChoice, RecordingDefaultsJson } from './user.table';
import type { Database } from '../platform/db/schema';

export interface UserClaims {
  uid: string;
  email: string;
  displayName: string;
  photoUrl: string;
}

/**
 * Creates or refreshes a person's row from their ID token's claims; `db` may be a transaction. A
 * name and a photo the person set in /settings stay. Answers the name the row now holds and
 * whether it is an edited one; undefined (nothing written) for an account deleted here, whose
 * token was verified just before the deletion.
 */
export async function upsertUser(
  db: Kysely<Database>,
  claims: UserClaims,
): Promise<{ displayName: string; nameEdited: boolean; uploadedPhotoUrl?: string } | undefined> {
  const row = await db
    .insertInto('users')
    .columns(['uid', 'email', 'display_name', 'photo_url'])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(claims.uid).as('uid'),
          eb.val(claims.email).as('email'),
          eb.val(claims.displayName).as('display_name'),
          eb.val(claims.photoUrl).as('photo_url'),
        ])
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('deleted_accounts').select('uid_hash').where('uid_hash', '=', uidHash(claims.uid)))),
        ),
    )
    .onConflict((oc) =>
      oc.column('uid').doUpdateSet({
        email: claims.email,
        display_name: sql<string>`case when users.name_edited then users.display_name else excluded.display_name end`,
        photo_url: sql<string>`case when users.photo_key is not null then users.photo_url else excluded.photo_url end`,
        last_seen_at: sql<Date>`now()`,
        // Only a real change of the claims moves updated_at.
        updated_at: sql<Date>`case when users.email is distinct from excluded.email
          or (not users.name_edited and users.display_name is distinct from excluded.display_name)
          or (users.photo_key is null and users.photo_url is distinct from excluded.photo_url) then now() else users.updated_at end`,
      }),
    )
    .returning(['display_name', 'name_edited', 'photo_url', 'photo_key'])
    .executeTakeFirst();
  return (
    row && {
      displayName: row.display_name,
      nameEdited: row.name_edited,
      ...(row.photo_key === null ? {} : { uploadedPhotoUrl: row.photo_url }),
    }
  );
}

/** A person's row if they ever signed in. */
export async function findUser(db: Kysely<Database>, uid: string) {
  return db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
}

/**
 * Sets the name a person chose in /settings; the ID token no longer overwrites it. False: no row.
 * What they made and wrote carries a copy of their name (a video's byline and link preview,
 * comments, reactions, notifications), updated here with it as setPhoto does the photo: a new
 * name reached none of them.
 */
export async function setEditedName(db: Kysely<Database>, uid: string, displayName: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ display_name: displayName, name_edited: true, updated_at: sql<Date>`now()` })
      .where('uid', '=', uid)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await trx.updateTable('videos').set({ owner_name: displayName }).where('user_id', '=', uid).execute();
    await trx.updateTable('comments').set({ author_name: displayName }).where('author_uid', '=', uid).execute();
    await trx.updateTable('reactions').set({ author_name: displayName }).where('author_uid', '=', uid).execute();
    await trx.updateTable('notifications').set({ actor_name: displayName }).where('actor_uid', '=', uid).execute();
    return true;
  });
}

export interface AccountDefaults {
  defaultVisibility?: 'PRIVATE' | 'SHARED' | 'PUBLIC';
  recordingDefaults?: RecordingDefaultsJson;
  theme?: 'system' | 'light' | 'dark';
  defaultSpokenLanguage?: string;
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
      ...(defaults.defaultSpokenLanguage !== undefined
        ? { default_spoken_language: defaults.defaultSpokenLanguage }
        : {}),
      ...(defaults.notificationMail ? { notification_mail: defaults.notificationMail } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('uid', '=', uid)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The spoken language `uid`'s videos without one of their own are transcribed in ('' detects it). */
export async function defaultSpokenLanguageOf(db: Kysely<Database>, uid: string): Promise<string> {
  const row = await db.selectFrom('users').select('default_spoken_language').where('uid', '=', uid).executeTakeFirst();
  return row?.default_spoken_language ?? '';
}

/** The visibility a new video of `uid` starts with: their default, PRIVATE for someone without a row. */
export async function defaultVisibilityOf(db: Kysely<Database>, uid: string): Promise<'PRIVATE' | 'SHARED' | 'PUBLIC'> {
  const row = await db.selectFrom('users').select('default_visibility').where('uid', '=', uid).executeTakeFirst();
  return row?.default_visibility ?? 'PRIVATE';
}

/**
 * Makes `photoId` (at `photoUrl`) the person's photo, in their row and on what they wrote
 * (comments, reactions and notifications carry their author's photo); answers the id it replaced.
 */
export async function setPhoto(
  db: Kysely<Database>,
  uid: string,
  photo: { id: string; url: string } | null,
): Promise<string | null | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select('photo_key')
      .where('uid', '=', uid)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const url = photo?.url ?? '';
    await trx
      .updateTable('users')
      .set({ photo_key: photo?.id ?? null, photo_url: url, updated_at: sql<Date>`now()` })
      .where('uid', '=', uid)
      .execute();
    await trx.updateTable('comments').set({ author_photo: url }).where('author_uid', '=', uid).execute();
    await trx.updateTable('reactions').set({ author_photo: url }).where('author_uid', '=', uid).execute();
    await trx.updateTable('notifications').set({ actor_photo: url }).where('actor_uid', '=', uid).execute();
    return before.photo_key;
  });
}

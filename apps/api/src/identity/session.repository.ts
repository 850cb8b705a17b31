import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

/** A session to refresh, with its person's standing and the claims an access token carries. */
export interface LiveSession {
  id: string;
  uid: string;
  emailVerified: boolean;
  email: string;
  displayName: string;
  disabled: boolean;
}

export async function insertSession(
  db: Kysely<Database>,
  row: { id: string; uid: string; refreshHash: string; emailVerified: boolean; expiresAt: Date; idToken?: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: row.id,
      uid: row.uid,
      refresh_hash: row.refreshHash,
      email_verified: row.emailVerified,
      expires_at: row.expiresAt,
      id_token: row.idToken ?? null,
    })
    .execute();
}

/** The session `refreshHash` opens, unless revoked or expired. */
export async function liveSession(db: Kysely<Database>, refreshHash: string): Promise<LiveSession | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.uid', 'sessions.uid')
    .select([
      'sessions.id',
      'sessions.uid',
      'sessions.email_verified',
      'users.email',
      'users.display_name',
      'users.disabled',
    ])
    .where('sessions.refresh_hash', '=', refreshHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      uid: row.uid,
      emailVerified: row.email_verified,
      email: row.email,
      displayName: row.display_name,
      disabled: row.disabled,
    }
  );
}

/**
 * Rotation: the session's refresh token becomes `nextHash`'s, if `usedHash` is still its live
 * one (false otherwise: another refresh with the same token came first, or it was revoked).
 */
export async function rotateRefresh(
  db: Kysely<Database>,
  id: string,
  usedHash: string,
  nextHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ refresh_hash: nextHash, last_used_at: sql<Date>`now()`, expires_at: expiresAt })
    .where('id', '=', id)
    .where('refresh_hash', '=', usedHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes the session `refreshHash` opens: its uid and the provider's ID token, or undefined when none was live. */
export async function revokeSession(
  db: Kysely<Database>,
  refreshHash: string,
): Promise<{ uid: string; idToken: string | null } | undefined> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('refresh_hash', '=', refreshHash)
    .where('revoked_at', 'is', null)
    .returning(['uid', 'id_token'])
    .executeTakeFirst();
  return row && { uid: row.uid, idToken: row.id_token };
}

/** Forgets `uid`'s sessions that ended (revoked or expired) over a day ago: the table holds live ones and recent history. */
export async function forgetEndedSessions(db: Kysely<Database>, uid: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('uid', '=', uid)
    .where((eb) =>
      eb.or([
        eb('revoked_at', '<', sql<Date>`now() - interval '1 day'`),
        eb('expires_at', '<', sql<Date>`now() - interval '1 day'`),
      ]),
    )
    .execute();
}

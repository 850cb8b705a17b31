import { sql, type Kysely } from 'kysely';
import type { Database } from './video.table';

export interface UserClaims {
  uid: string;
  email: string;
  displayName: string;
  photoUrl: string;
}

/** Creates or refreshes a person's row from their ID token's claims; `db` may be a transaction. */
export async function upsertUser(db: Kysely<Database>, claims: UserClaims): Promise<void> {
  await db
    .insertInto('users')
    .values({ uid: claims.uid, email: claims.email, display_name: claims.displayName, photo_url: claims.photoUrl })
    .onConflict((oc) =>
      oc.column('uid').doUpdateSet({
        email: claims.email,
        display_name: claims.displayName,
        photo_url: claims.photoUrl,
        last_seen_at: sql<Date>`now()`,
        // Only a real change of the claims moves updated_at.
        updated_at: sql<Date>`case when users.email is distinct from excluded.email
          or users.display_name is distinct from excluded.display_name
          or users.photo_url is distinct from excluded.photo_url then now() else users.updated_at end`,
      }),
    )
    .execute();
}

/** A person's row if they ever signed in. */
export async function findUser(db: Kysely<Database>, uid: string) {
  return db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
}

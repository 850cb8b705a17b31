import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

/** A rotated token: 32 random bytes, base64url (43 characters). */
const TOKEN_BYTES = 32;

const digest = (token: string) => createHash('sha256').update(token).digest();

/**
 * The one bearer token SCIM takes. An admin's rotation from /admin (only its SHA-256 is kept,
 * in the database, so every API process reads the same one) wins over SCIM_TOKEN: once a
 * rotated token exists, the environment's no longer works. With neither, SCIM is off (404).
 */
export class ScimTokens {
  private readonly envDigest?: Buffer;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      /** SCIM_TOKEN, when set. */
      envToken?: string;
    },
  ) {
    if (deps.envToken) this.envDigest = digest(deps.envToken);
  }

  /** 'off' when SCIM has no token at all; else whether `presented` is the token, compared in constant time. */
  async check(presented: string): Promise<'off' | 'accepted' | 'refused'> {
    const expected = (await this.rotated())?.digest ?? this.envDigest;
    if (!expected) return 'off';
    return timingSafeEqual(digest(presented), expected) ? 'accepted' : 'refused';
  }

  /** Whether SCIM is on, and when (by whom) its token was last rotated from /admin. */
  async status(): Promise<{ enabled: boolean; rotatedAt?: Date }> {
    const row = await this.rotated();
    return { enabled: row !== undefined || this.envDigest !== undefined, rotatedAt: row?.rotatedAt };
  }

  /** A fresh token, the only one accepted from now on; returned once, never stored. */
  async rotate(byUid: string): Promise<string> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('scim_tokens').execute();
      await trx
        .insertInto('scim_tokens')
        .values({ token_hash: digest(token).toString('hex'), rotated_by: byUid })
        .execute();
    });
    return token;
  }

  private async rotated(): Promise<{ digest: Buffer; rotatedAt: Date } | undefined> {
    const row = await this.deps.db
      .selectFrom('scim_tokens')
      .select(['token_hash', 'rotated_at'])
      .orderBy('rotated_at', 'desc')
      .executeTakeFirst();
    return row ? { digest: Buffer.from(row.token_hash, 'hex'), rotatedAt: row.rotated_at } : undefined;
  }
}

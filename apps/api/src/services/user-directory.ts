import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { TokenVerifier } from '../auth/token-verifier';
import type { User } from '../auth/user';
import { upsertUser } from '../db/user.repository';
import type { Database } from '../db/video.table';

/**
 * Keeps the users table current from verified ID tokens without a write per request: a person's
 * row is written when their claims differ from the ones this process last wrote, or when that was
 * more than `refreshMs` ago (so last_seen_at moves and another process's change is overwritten by
 * the newest token). Remembers at most `maxEntries` people, forgetting the longest unseen first.
 * A name edited in /settings (issue 32) wins over the token's: `saw` puts it into the caller's `User`.
 */
export class UserDirectory {
  private readonly written = new Map<string, { claims: string; at: number; editedName?: string }>();

  constructor(
    private readonly deps: { db: Kysely<Database>; log?: Pick<Logger, 'warn'> },
    private readonly refreshMs = 10 * 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** Records `user` if needed; a failed write is logged, never the caller's failure. */
  async saw(user: User): Promise<void> {
    const claims = JSON.stringify([user.email ?? '', user.name ?? '', user.photoUrl ?? '']);
    const last = this.written.get(user.uid);
    const now = Date.now();
    if (last && last.claims === claims && now - last.at < this.refreshMs) {
      if (last.editedName !== undefined) user.name = last.editedName;
      return;
    }
    try {
      const editedName = await this.ensure(user);
      this.written.delete(user.uid); // re-inserted last: the map's order is least recently written first
      this.written.set(user.uid, { claims, at: now, editedName });
      if (this.written.size > this.maxEntries) this.written.delete(this.written.keys().next().value!);
    } catch (error) {
      this.deps.log?.warn({ err: error, uid: user.uid }, 'could not record the signed-in user');
    }
  }

  /**
   * Writes `user`'s row now (in `db`, maybe a transaction): a membership needs the row to exist.
   * A name the person edited in /settings replaces the token's in `user` (so comments, videos and
   * team lists carry it) and is answered.
   */
  async ensure(user: User, db: Kysely<Database> = this.deps.db): Promise<string | undefined> {
    const row = await upsertUser(db, {
      uid: user.uid,
      email: user.email ?? '',
      displayName: user.name ?? '',
      photoUrl: user.photoUrl ?? '',
    });
    if (!row.nameEdited) return undefined;
    user.name = row.displayName;
    return row.displayName;
  }

  /**
   * `uid` chose `name` in /settings: this process uses it from their next call on (others within
   * `refreshMs`, when they next write the row).
   */
  renamed(uid: string, name: string): void {
    const last = this.written.get(uid);
    if (last) last.editedName = name;
  }

  /** `uid`'s account is gone: forget it, so a token still valid does not write the row again soon. */
  forget(uid: string): void {
    this.written.delete(uid);
  }
}

/**
 * `verifier`, recording in `directory` each person it verifies: the HTTP routes (uploads, tus,
 * streams) keep the users table current as the RPCs do (their interceptor calls `saw` itself).
 */
export function recordingUsers(verifier: TokenVerifier, directory: UserDirectory): TokenVerifier {
  return {
    async verify(idToken) {
      const user = await verifier.verify(idToken);
      await directory.saw(user);
      return user;
    },
    close: () => verifier.close(),
  };
}

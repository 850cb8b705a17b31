import type { Kysely } from 'kysely';
import { AccountRefusedError } from '../access';
import type { Logger } from 'pino';
import type { TokenVerifier } from '../platform/auth/token-verifier';
import type { User } from '../platform/auth/user';
import { upsertUser } from './user.repository';
import type { Database } from '../platform/db/schema';
import { DELETED_MESSAGE } from '../access';

/**
 * Keeps the users table current from verified ID tokens without a write per request: a person's
 * row is written when their claims differ from the ones this process last wrote, or when that was
 * more than `refreshMs` ago (so last_seen_at moves and another process's change is overwritten by
 * the newest token). Remembers at most `maxEntries` people, forgetting the longest unseen first.
 * A name edited in /settings wins over the token's: `saw` puts it into the caller's `User`.
 */
export class UserDirectory {
  private readonly written = new Map<string, { claims: string; at: number; own?: OwnChoices }>();

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
      applyOwn(user, last.own);
      return;
    }
    try {
      const own = await this.ensure(user);
      this.written.delete(user.uid); // re-inserted last: the map's order is least recently written first
      this.written.set(user.uid, { claims, at: now, own });
      if (this.written.size > this.maxEntries) this.written.delete(this.written.keys().next().value!);
    } catch (error) {
      this.deps.log?.warn({ err: error, uid: user.uid }, 'could not record the signed-in user');
    }
  }

  /**
   * Writes `user`'s row now (in `db`, maybe a transaction): a membership needs the row to exist.
   * A name or photo the person set in /settings replaces the token's in `user` (so comments,
   * videos and team lists carry it) and is answered. Throws AccountRefusedError for a deleted account.
   */
  async ensure(user: User, db: Kysely<Database> = this.deps.db): Promise<OwnChoices | undefined> {
    const row = await upsertUser(db, {
      uid: user.uid,
      email: user.email ?? '',
      displayName: user.name ?? '',
      photoUrl: user.photoUrl ?? '',
    });
    if (!row) throw new AccountRefusedError(DELETED_MESSAGE);
    if (!row.nameEdited && row.uploadedPhotoUrl === undefined) return undefined;
    const own: OwnChoices = {
      ...(row.nameEdited ? { name: row.displayName } : {}),
      ...(row.uploadedPhotoUrl === undefined ? {} : { photoUrl: row.uploadedPhotoUrl }),
    };
    applyOwn(user, own);
    return own;
  }

  /**
   * `uid` chose `name` in /settings: this process uses it from their next call on (others within
   * `refreshMs`, when they next write the row).
   */
  renamed(uid: string, name: string): void {
    const last = this.written.get(uid);
    if (last) last.own = { ...last.own, name };
  }

  /** `uid` uploaded (or removed, '') a photo in /settings: as `renamed`. */
  photoChanged(uid: string, photoUrl: string): void {
    const last = this.written.get(uid);
    if (last) last.own = { ...last.own, photoUrl: photoUrl || undefined };
  }

  /** `uid`'s account is gone: forget it, so a token still valid does not write the row again soon. */
  forget(uid: string): void {
    this.written.delete(uid);
  }
}

/** What a person set in /settings that wins over their ID token's claims. */
export interface OwnChoices {
  name?: string;
  photoUrl?: string;
}

function applyOwn(user: User, own: OwnChoices | undefined): void {
  if (own?.name !== undefined) user.name = own.name;
  if (own?.photoUrl !== undefined) user.photoUrl = own.photoUrl;
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

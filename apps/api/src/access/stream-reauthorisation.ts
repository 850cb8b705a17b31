import type { Kysely } from 'kysely';
import { AccountRefusedError } from './account-refused';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import type { AccountGate } from './account-gate';
import { EVERY_TOPIC, revocationBus, topicOf } from './stream-revocations';
import { AppError } from '../platform/app-error';

export interface StreamCallersDeps {
  db: Kysely<Database>;
  /** Who may use the API: what the auth interceptor asks of every call. */
  gate?: Pick<AccountGate, 'admit' | 'forget'>;
  now?: () => number;
}

/** How long a stream's caller is believed between two looks when nothing named them: its heartbeat. */
export const RECHECK_MS = 15_000;

/** setTimeout's longest wait; an ID token lives an hour, so only a clock far off reaches it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the caller of a live stream may still hold it, asked again while it is open (its
 * heartbeat, a revocation naming it, its ID token's expiry) as every other call asks once: the
 * credentials still good (an ID token not expired: unauthenticated; an API key not revoked:
 * unauthenticated), the person still admitted (not disabled or deleted: permission_denied, as the
 * auth interceptor answers). Whether they may still read the video is the stream's own question.
 */
export class StreamCallers {
  private readonly now: () => number;

  constructor(private readonly deps: StreamCallersDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Throws the AppError the stream ends with when `caller` may no longer hold it; `fresh`: read the person's standing anew. */
  async check(caller: User | undefined, fresh: boolean): Promise<void> {
    if (!caller) return;
    if (caller.expiresAt && caller.expiresAt.getTime() <= this.now())
      throw new AppError('unauthenticated', 'The ID token expired: sign in again (a fresh token) to keep watching');
    if (caller.apiKeyId) {
      const key = await this.deps.db
        .selectFrom('api_keys')
        .select('id')
        .where('id', '=', caller.apiKeyId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!key) throw new AppError('unauthenticated', 'Unknown or revoked API key');
    }
    if (!this.deps.gate) return;
    if (fresh) this.deps.gate.forget(caller.uid);
    try {
      await this.deps.gate.admit(caller, { acceptingInvite: false });
    } catch (error) {
      if (error instanceof AccountRefusedError)
        throw new AppError(
          error.code === 'resource_exhausted' ? 'resource_exhausted' : 'permission_denied',
          error.message,
        );
      throw error;
    }
  }

  /**
   * `source`'s items, each sent only while `caller` may still hold the stream: before an item they
   * are looked at again (`check`, then `stillReadable`) when a revocation named them or their
   * video, their ID token expired, or RECHECK_MS passed since the last look. For a stream that
   * sends as it works (FindSensitiveText's progress); the first error ends it (and `source`).
   */
  async *guard<T>(
    caller: User,
    videoId: string,
    source: AsyncIterable<T>,
    stillReadable: () => Promise<unknown>,
    stopped: AbortSignal,
  ): AsyncGenerator<T> {
    const watch = this.follow(caller, videoId, stopped);
    let lookedAt = this.now();
    try {
      for await (const item of source) {
        const { due, fresh } = watch.take();
        if (due || this.now() - lookedAt >= RECHECK_MS) {
          await this.check(caller, fresh);
          await stillReadable();
          lookedAt = this.now();
        }
        yield item;
      }
    } finally {
      watch.close();
    }
  }

  /** Follows the revocations that may concern `caller`'s stream of `videoId` until `close`. */
  follow(caller: User | undefined, videoId: string, stopped: AbortSignal): StreamWatch {
    return new StreamWatch(this.deps.db, caller, videoId, stopped, this.now);
  }
}

/**
 * One open stream's ear: it notes that its caller must be looked at again (a revocation naming
 * them, their key, the video or its team; their ID token's expiry) and wakes the stream's wait.
 */
export class StreamWatch {
  private due = false;
  /** Whether the person's standing must be read anew, not believed from the gate's memory. */
  private standingChanged = false;
  private wake = new AbortController();
  private team?: string;
  private unsubscribe: () => void = () => undefined;
  private readonly expiry?: NodeJS.Timeout;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly caller: User | undefined,
    private readonly videoId: string,
    private readonly stopped: AbortSignal,
    now: () => number,
  ) {
    stopped.addEventListener('abort', this.onStopped);
    this.subscribe();
    if (caller?.expiresAt) {
      const left = Math.min(Math.max(caller.expiresAt.getTime() - now(), 0), MAX_TIMER_MS);
      this.expiry = setTimeout(() => this.raise(false), left);
      this.expiry.unref();
    }
  }

  /** The video's team as last seen: a team's deletion concerns its videos' streams. */
  setTeam(teamId: string | undefined): void {
    if (teamId === this.team) return;
    this.team = teamId;
    this.subscribe();
  }

  /** What a wait of the stream listens to: the stream ending, or its caller due to be looked at again. */
  get signal(): AbortSignal {
    return this.wake.signal;
  }

  /** Whether the caller must be looked at again now (and, once taken, not again until the next). */
  take(): { due: boolean; fresh: boolean } {
    const taken = { due: this.due, fresh: this.standingChanged };
    this.due = false;
    this.standingChanged = false;
    if (this.wake.signal.aborted && !this.stopped.aborted) this.wake = new AbortController();
    return taken;
  }

  close(): void {
    this.stopped.removeEventListener('abort', this.onStopped);
    clearTimeout(this.expiry);
    this.unsubscribe();
  }

  private readonly onStopped = () => this.wake.abort();

  private subscribe(): void {
    this.unsubscribe();
    const topics = [topicOf({ kind: 'video', id: this.videoId })];
    if (this.team) topics.push(topicOf({ kind: 'team', id: this.team }));
    if (this.caller) topics.push(topicOf({ kind: 'person', uid: this.caller.uid }));
    if (this.caller?.apiKeyId) topics.push(topicOf({ kind: 'key', id: this.caller.apiKeyId }));
    const person = this.caller && topicOf({ kind: 'person', uid: this.caller.uid });
    this.unsubscribe = revocationBus(this.db).subscribe(topics, (topic) =>
      this.raise(topic === person || topic === EVERY_TOPIC),
    );
  }

  private raise(standingChanged: boolean): void {
    this.due = true;
    this.standingChanged ||= standingChanged;
    this.wake.abort();
  }
}

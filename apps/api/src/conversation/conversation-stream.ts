import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import { lastEventSeq } from './conversation-event.repository';
import type { Database } from '../platform/db/schema';
import type { Grant } from '../access';
import type { ConversationEvent } from './conversation';
import type { ConversationFeed } from './conversation-feed';
import type { ConversationSignal } from './conversation-signal';
import type { StreamCallers } from '../access';
import type { VideoService } from '../videos';

/**
 * How often a live stream looks for changes made by other processes: every second when nothing
 * tells it of them (PGlite's one process needs no more), every 15 s as a safety net while this
 * process LISTENs for the NOTIFYs of the others (PostgreSQL).
 */
export const POLL_MS = 1_000;
export const LISTENING_POLL_MS = 15_000;
export const HEARTBEAT_MS = 15_000;

export interface ConversationStreamsDeps {
  db: Kysely<Database>;
  videos: Pick<VideoService, 'readable'>;
  signal: ConversationSignal;
  feed: ConversationFeed;
  /** Whether this process hears the other processes' changes (then it polls only as a safety net). */
  listening: () => boolean;
  /** Whether a stream's caller may still hold it; unset, only the video's readability is asked again. */
  callers?: StreamCallers;
}

/**
 * The live streams of videos' conversations. Each asks again whether its caller may still hold
 * it (their credentials, their standing, their reading of the video) at each heartbeat, and at
 * once when a revocation names them, their key, the video or its team, or their ID token expires:
 * "revoked at once" (docs/architecture.md) holds for open streams as for every other call.
 */
export class ConversationStreams {
  constructor(private readonly deps: ConversationStreamsDeps) {}

  /**
   * The changes of a video's conversation after `since` (undefined: from now), then each change as
   * it happens, until `signal` aborts or the caller loses the video.
   */
  async *watch(
    caller: User | undefined,
    videoId: string,
    grant: Grant,
    since: number | undefined,
    signal: AbortSignal,
  ): AsyncGenerator<ConversationEvent> {
    const { db, feed, videos, callers } = this.deps;
    // Follows revocations before the first look: one published meanwhile is not missed.
    const watch = callers?.follow(caller, videoId, signal);
    try {
      const reauthorise = async (fresh: boolean) => {
        await callers?.check(caller, fresh);
        const video = await videos.readable(caller, videoId, grant);
        watch?.setTeam(video.teamId);
      };
      await reauthorise(false);
      let cursor = since ?? (await lastEventSeq(db, videoId));
      yield { cursor: String(cursor), change: { kind: 'heartbeat' } };
      const leave = feed.join(videoId, cursor);
      try {
        let lastBeat = Date.now();
        while (!signal.aborted) {
          const events = await feed.after(videoId, cursor);
          // Read after a revocation was heard: nothing is sent before the caller is looked at again.
          const due = watch?.take();
          if (due?.due) await reauthorise(due.fresh);
          for (const event of events) {
            cursor = event.seq;
            if (event.change) yield { cursor: String(cursor), change: event.change };
          }
          if (events.length === 200) continue;
          if (Date.now() - lastBeat >= HEARTBEAT_MS) {
            await reauthorise(false);
            lastBeat = Date.now();
            yield { cursor: String(cursor), change: { kind: 'heartbeat' } };
          }
          const waitMs = this.deps.listening() ? LISTENING_POLL_MS : POLL_MS;
          const wake = watch?.signal ?? signal;
          // Woken while sending: an aborted signal would not end the wait, so it is not begun.
          if (!wake.aborted) await this.deps.signal.wait(videoId, waitMs, wake);
        }
      } finally {
        leave();
      }
    } finally {
      watch?.close();
    }
  }
}

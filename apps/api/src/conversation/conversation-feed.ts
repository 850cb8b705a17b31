import type { ConversationChange } from './conversation';

/** One numbered change of a video's conversation, read and resolved once for every stream. */
export interface FeedEvent {
  seq: number;
  /** Undefined when there is nothing to send (a comment deleted before it was read). */
  change?: ConversationChange;
}

/** Reads the changes after `after` (at most `limit`), resolved: the database's side. */
export type ReadChanges = (videoId: string, after: number, limit: number) => Promise<FeedEvent[]>;

interface VideoFeed {
  /** The buffer holds every event after `from`, up to `latest`. */
  from: number;
  latest: number;
  events: FeedEvent[];
  /** Reads asked for, and done: a read started before a caller asked may have missed its change. */
  asked: number;
  done: number;
  reading?: Promise<void>;
  watchers: number;
}

/** Events a feed keeps per video; a stream further behind reads the database itself. */
const KEPT = 1_000;
const BATCH = 200;

/**
 * What the live streams of one video in this process read, read once: a video watched by 200
 * people at once (bench:conversation) would otherwise read each change 200 times. Streams woken
 * together by a change share one read of the database, and take from the shared buffer what is
 * after their cursor.
 */
export class ConversationFeed {
  private readonly feeds = new Map<string, VideoFeed>();

  constructor(private readonly read: ReadChanges) {}

  /** A stream of `videoId` starts (its cursor `from`); `leave` when it ends. */
  join(videoId: string, from: number): () => void {
    let feed = this.feeds.get(videoId);
    if (!feed) {
      feed = { from, latest: from, events: [], asked: 0, done: 0, watchers: 0 };
      this.feeds.set(videoId, feed);
    }
    feed.watchers += 1;
    const joined = feed;
    return () => {
      joined.watchers -= 1;
      if (joined.watchers === 0 && this.feeds.get(videoId) === joined) this.feeds.delete(videoId);
    };
  }

  /**
   * The events after `cursor` as of now (at most BATCH): from the shared buffer when it reaches
   * back that far, else straight from the database.
   */
  async after(videoId: string, cursor: number): Promise<FeedEvent[]> {
    const feed = this.feeds.get(videoId);
    if (!feed || cursor < feed.from) return this.read(videoId, cursor, BATCH);
    const want = ++feed.asked;
    while (feed.done < want) {
      feed.reading ??= this.catchUp(videoId, feed).finally(() => (feed.reading = undefined));
      await feed.reading;
    }
    if (cursor < feed.from) return this.read(videoId, cursor, BATCH); // trimmed meanwhile
    return feed.events.filter((event) => event.seq > cursor).slice(0, BATCH);
  }

  /** Reads everything new into the buffer; marks done every read asked for before it began. */
  private async catchUp(videoId: string, feed: VideoFeed): Promise<void> {
    const covers = feed.asked;
    for (;;) {
      const events = await this.read(videoId, feed.latest, BATCH);
      if (events.length > 0) {
        feed.events.push(...events);
        feed.latest = events.at(-1)!.seq;
        if (feed.events.length > KEPT) {
          const dropped = feed.events.splice(0, feed.events.length - KEPT);
          feed.from = dropped.at(-1)!.seq;
        }
      }
      if (events.length < BATCH) break;
    }
    feed.done = Math.max(feed.done, covers);
  }
}

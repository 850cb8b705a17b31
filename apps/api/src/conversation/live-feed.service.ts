import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import type { AppDatabase } from '../platform/db/database';
import type { ChannelListener } from '../platform/db/pg-listener';
import { EVERY_TOPIC, revocationBus, type Grant, type StreamCallers } from '../access';
import type { VideoService } from '../videos';
import { CONVERSATION_CHANNEL, eventsAfter } from './conversation-event.repository';
import { findComment } from './comment.repository';
import { findReaction } from './reaction.repository';
import { toComment, toReaction } from './conversation.mapper';
import type { ConversationChange, ConversationEvent } from './conversation';
import { ConversationSignal } from './conversation-signal';
import { ConversationFeed, type FeedEvent } from './conversation-feed';
import { ConversationStreams } from './conversation-stream';

export interface LiveFeedServiceDeps {
  db: Kysely<Database>;
  videos: Pick<VideoService, 'readable'>;
  /** Whether a live stream's caller may still hold it (their credentials and standing), asked while it is open. */
  callers?: StreamCallers;
}

/**
 * The live side of a video's conversation (WatchConversation): the changes numbered in
 * conversation_events reach the open streams of this process at once, and those of the other
 * processes through the database's NOTIFY (PostgreSQL) or their next look.
 */
export class LiveFeedService {
  private readonly signal = new ConversationSignal();
  /** Streams of one video read its changes once between them. */
  private readonly feed = new ConversationFeed(async (videoId, after, limit) => {
    const events = await eventsAfter(this.deps.db, videoId, after, limit);
    const resolved: FeedEvent[] = [];
    for (const event of events)
      resolved.push({ seq: event.seq, change: await this.changeOf(event.kind, event.subjectId) });
    return resolved;
  });
  private listener?: ChannelListener;
  private readonly streams: ConversationStreams;

  constructor(private readonly deps: LiveFeedServiceDeps) {
    this.streams = new ConversationStreams({
      db: deps.db,
      videos: deps.videos,
      signal: this.signal,
      feed: this.feed,
      listening: () => this.listener?.listening() ?? false,
      callers: deps.callers,
    });
  }

  /**
   * Hears the changes other processes make (`listen`: the database's LISTEN, PostgreSQL only), so
   * their comments reach this process's streams at once; returns the closer.
   */
  async listenAcrossProcesses(listen: NonNullable<AppDatabase['listen']>): Promise<() => Promise<void>> {
    // Revocations come on the same channel, in order with the changes (stream-revocations.ts).
    const revocations = revocationBus(this.deps.db);
    const listener = await listen(CONVERSATION_CHANNEL, {
      onPayload: (payload) => {
        if (!revocations.heard(payload)) this.signal.changed(payload);
      },
      onResumed: () => {
        revocations.emit(EVERY_TOPIC);
        this.signal.changedAll();
      },
    });
    this.listener = listener;
    return () => listener.close();
  }

  /** A change of the video's conversation was stored here: its streams in this process look at once. */
  changed(videoId: string): void {
    this.signal.changed(videoId);
  }

  /** The video's conversation as it changes, while its caller may read it (conversation-stream.ts). */
  watch(
    caller: User | undefined,
    videoId: string,
    grant: Grant,
    since: number | undefined,
    signal: AbortSignal,
  ): AsyncGenerator<ConversationEvent> {
    return this.streams.watch(caller, videoId, grant, since, signal);
  }

  private async changeOf(kind: string, subjectId: string): Promise<ConversationChange | undefined> {
    switch (kind) {
      case 'comment_added':
      case 'comment_edited': {
        const row = await findComment(this.deps.db, subjectId);
        return row && { kind, comment: toComment(row) };
      }
      case 'comment_deleted':
        return { kind, commentId: subjectId };
      case 'reaction_added': {
        const row = await findReaction(this.deps.db, subjectId);
        return row && { kind, reaction: toReaction(row) };
      }
      case 'comments_enabled':
      case 'comments_disabled':
        return { kind: 'comments_enabled', enabled: kind === 'comments_enabled' };
      default:
        return undefined;
    }
  }
}

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import * as repository from './comment.repository';
import type { CommentRow, NotificationRow, ReactionRow } from './comment.repository';
import type { Database } from '../platform/db/schema';
import type { AppDatabase } from '../platform/db/database';
import type { ChannelListener } from '../platform/db/pg-listener';
import type { Grant } from '../access';
import type {
  Author,
  Comment,
  Conversation,
  ConversationChange,
  ConversationEvent,
  Insights,
  Notification,
  PlaybackRange,
  Reaction,
} from './conversation';
import { ConversationSignal } from './conversation-signal';
import { ConversationFeed, type FeedEvent } from './conversation-feed';
import { ConversationStreams } from './conversation-stream';
import type { StreamCallers } from '../access';
import { EVERY_TOPIC, revocationBus } from '../access';
import { pageTokenOf, placeOf } from './comment-page-token';
import type { NotificationMailService } from './notification-mail.service';
import type { WebhookEvent, WebhookService } from '../webhooks';
import { PersonRateLimit } from '../platform/rate-limits/person-rate-limit';
import { linkInsights } from '../sharing';
import { attributedPerson, type ShareLinkGates } from '../sharing';
import type { RateLimitCounter } from '../platform/rate-limits/rate-limit-counter';
import { playbackInsights } from './playback-insights';
import { may, personOf } from '../access';
import { AppError } from '../platform/app-error';
import type { StoredVideo } from '../videos';
import type { VideoService } from '../videos';

/** Comments one person may post (on any videos) per minute; reactions per 10 s; beacons per minute. */
export const COMMENT_LIMIT = { max: 20, windowMs: 60_000 };
export const REACTION_LIMIT = { max: 20, windowMs: 10_000 };
export const PLAYBACK_LIMIT = { max: 120, windowMs: 60_000 };
export { HEARTBEAT_MS, LISTENING_POLL_MS, POLL_MS } from './conversation-stream';

export interface ConversationServiceDeps {
  db: Kysely<Database>;
  videos: Pick<VideoService, 'readable'>;
  /** Where the per-person limits are counted: the database, so a cluster shares them (issue 33). */
  rateLimits: RateLimitCounter;
  /** Issue 28: who a signed-out viewer is through a named link or an email gate. */
  gates?: Pick<ShareLinkGates, 'attribution'>;
  /** Set when SMTP_URL is: new notifications are mailed to whoever wants them at once. */
  mail?: Pick<NotificationMailService, 'mailSoon'>;
  /** Webhooks (issue 28, item 7): comment.created and reaction.created. */
  hooks?: Pick<WebhookService, 'emitSoon'>;
  /** Whether a live stream's caller may still hold it (their credentials and standing), asked while it is open. */
  callers?: StreamCallers;
}

const notFound = (what: string) => new AppError('not_found', `No ${what}`);
const authorOf = (user: User) => ({
  author_uid: user.uid,
  author_name: user.name ?? '',
  author_photo: user.photoUrl ?? '',
});

const toAuthor = (row: { author_uid: string; author_name: string; author_photo: string }): Author => ({
  uid: row.author_uid,
  displayName: row.author_name,
  photoUrl: row.author_photo,
});

function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    videoId: row.video_id,
    parentId: row.parent_id ?? undefined,
    author: toAuthor(row),
    text: row.deleted_at ? '' : row.text,
    momentSeconds: row.moment_seconds,
    createdAt: row.created_at,
    editedAt: row.edited_at ?? undefined,
    deleted: row.deleted_at !== null,
    replies: [],
  };
}

const toReaction = (row: ReactionRow): Reaction => ({
  id: row.id,
  videoId: row.video_id,
  author: toAuthor(row),
  emoji: row.emoji,
  momentSeconds: row.moment_seconds,
  createdAt: row.created_at,
});

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  videoId: row.video_id,
  videoTitle: row.video_title,
  actor: { uid: row.actor_uid, displayName: row.actor_name, photoUrl: row.actor_photo },
  text: row.text,
  momentSeconds: row.moment_seconds,
  commentId: row.comment_id ?? undefined,
  createdAt: row.created_at,
  read: row.read_at !== null,
});

/** Comments with their replies under them; deleted comments only while they have replies. */
export function threaded(rows: readonly CommentRow[]): Comment[] {
  const top = new Map<string, Comment>();
  for (const row of rows) if (!row.parent_id) top.set(row.id, toComment(row));
  for (const row of rows) {
    if (row.parent_id && !row.deleted_at) top.get(row.parent_id)?.replies.push(toComment(row));
  }
  for (const comment of top.values()) comment.replies.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return [...top.values()].filter((comment) => !comment.deleted || comment.replies.length > 0);
}

const owns = (user: User | undefined, video: StoredVideo) =>
  user !== undefined && may(personOf(user.uid), 'edit', { kind: 'video', video });

/**
 * The rules of a video's conversation (issue 28): reading follows the video's `view`; writing
 * needs someone signed in who may view it; the owner moderates. Every change is numbered in
 * conversation_events and wakes the video's live streams.
 */
export class ConversationService {
  private readonly signal = new ConversationSignal();
  /** Streams of one video read its changes once between them. */
  private readonly feed = new ConversationFeed(async (videoId, after, limit) => {
    const events = await repository.eventsAfter(this.deps.db, videoId, after, limit);
    const resolved: FeedEvent[] = [];
    for (const event of events)
      resolved.push({ seq: event.seq, change: await this.changeOf(event.kind, event.subjectId) });
    return resolved;
  });
  private listener?: ChannelListener;
  private readonly streams: ConversationStreams;
  private readonly commentLimit: PersonRateLimit;
  private readonly reactionLimit: PersonRateLimit;
  private readonly playbackLimit: PersonRateLimit;

  constructor(private readonly deps: ConversationServiceDeps) {
    const limit = (name: string, { max, windowMs }: { max: number; windowMs: number }) =>
      new PersonRateLimit(name, max, windowMs, deps.rateLimits);
    this.commentLimit = limit('comment', COMMENT_LIMIT);
    this.reactionLimit = limit('reaction', REACTION_LIMIT);
    this.playbackLimit = limit('playback', PLAYBACK_LIMIT);
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
    const listener = await listen(repository.CONVERSATION_CHANNEL, {
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

  /**
   * The video's conversation: without `page`, its comments up to 10,000 rows (replies included),
   * else the page of `page.size` top-level comments (with their replies) after `page.token`; when
   * more follow, `nextPageToken` continues (with a page size). Reactions come with the first page,
   * and so do the moment counts of the whole video (none while comments are off).
   */
  async list(
    caller: User | undefined,
    videoId: string,
    grant: Grant,
    page?: { size: number; token?: string | undefined },
  ): Promise<Conversation> {
    const after = page?.token ? placeOf(page.token) : undefined;
    const video = await this.deps.videos.readable(caller, videoId, grant);
    const db = this.deps.db;
    // The cursor first: a change made while reading arrives again on the stream (clients keep one per id).
    const cursor = await repository.lastEventSeq(db, videoId);
    const [comments, reactions, enabled] = await Promise.all([
      page ? repository.listCommentPage(db, videoId, after, page.size) : repository.listComments(db, videoId),
      after ? Promise.resolve([]) : repository.listReactions(db, videoId),
      repository.commentsEnabled(db, videoId),
    ]);
    const momentCounts = after || !enabled ? [] : await repository.momentCounts(db, videoId, video.durationSeconds);
    return {
      comments: threaded(comments.rows),
      reactions: reactions.map(toReaction),
      momentCounts,
      commentsEnabled: enabled,
      canComment: caller !== undefined && enabled,
      isOwner: owns(caller, video),
      cursor: String(cursor),
      ...(comments.next ? { nextPageToken: pageTokenOf(comments.next) } : {}),
    };
  }

  async addComment(
    user: User,
    videoId: string,
    input: { text: string; momentSeconds: number; parentId?: string },
    grant: Grant,
  ): Promise<Comment> {
    const video = await this.deps.videos.readable(user, videoId, grant);
    const db = this.deps.db;
    if (!(await repository.commentsEnabled(db, videoId)))
      throw new AppError('failed_precondition', 'The owner has turned comments off for this video');
    let parent: CommentRow | undefined;
    if (input.parentId) {
      parent = await repository.findComment(db, input.parentId);
      if (!parent || parent.video_id !== videoId) throw notFound(`comment ${input.parentId}`);
      // One level deep: answering a reply answers its comment.
      if (parent.parent_id) parent = await repository.findComment(db, parent.parent_id);
      if (!parent || parent.deleted_at) throw new AppError('failed_precondition', 'That comment was deleted');
    }
    if (!(await this.commentLimit.take(user.uid)))
      throw new AppError('resource_exhausted', 'Too many comments in a short time; wait a minute');
    const notified: string[] = [];
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await repository.insertComment(trx, {
        id: randomUUID(),
        video_id: videoId,
        parent_id: parent?.id ?? null,
        ...authorOf(user),
        text: input.text,
        moment_seconds: clampMoment(input.momentSeconds, video),
      });
      await repository.addEvent(trx, videoId, 'comment_added', inserted.id);
      const recipients = new Map<string, 'comment' | 'reply'>();
      if (video.userId !== user.uid) recipients.set(video.userId, parent ? 'reply' : 'comment');
      if (parent && parent.author_uid !== user.uid) recipients.set(parent.author_uid, 'reply');
      const notifications = [...recipients].map(([uid, kind]) => ({
        id: randomUUID(),
        recipient_uid: uid,
        kind,
        video_id: videoId,
        comment_id: inserted.id,
        actor_uid: user.uid,
        actor_name: user.name ?? '',
        actor_photo: user.photoUrl ?? '',
        text: input.text.slice(0, 200),
        moment_seconds: inserted.moment_seconds,
      }));
      await repository.insertNotifications(trx, notifications);
      notified.push(...notifications.map((notification) => notification.id));
      return inserted;
    });
    this.announceNew(videoId, notified, {
      event: 'comment.created',
      video: hookVideo(video),
      data: { comment: hookItem(row, { parentId: row.parent_id, text: row.text }) },
    });
    return toComment(row);
  }

  /** A new comment or reaction is stored: open pages hear of it, its notifications go by mail, hooks get `event`. */
  private announceNew(videoId: string, notified: string[], event: WebhookEvent): void {
    this.signal.changed(videoId);
    this.deps.mail?.mailSoon(notified);
    this.deps.hooks?.emitSoon(event);
  }

  async editComment(user: User, commentId: string, text: string, grant: Grant): Promise<Comment> {
    const found = await repository.findComment(this.deps.db, commentId);
    // Someone else's comment is as good as absent: only its author edits it.
    if (!found || found.deleted_at || found.author_uid !== user.uid) throw notFound(`comment ${commentId}`);
    await this.deps.videos.readable(user, found.video_id, grant);
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const edited = await repository.editComment(trx, commentId, text);
      if (!edited) throw notFound(`comment ${commentId}`);
      await repository.addEvent(trx, found.video_id, 'comment_edited', commentId);
      return edited;
    });
    this.signal.changed(found.video_id);
    return toComment(row);
  }

  async deleteComment(user: User, commentId: string, grant: Grant): Promise<void> {
    const found = await repository.findComment(this.deps.db, commentId);
    if (!found || found.deleted_at) throw notFound(`comment ${commentId}`);
    const video = await this.deps.videos.readable(user, found.video_id, grant);
    if (found.author_uid !== user.uid && !owns(user, video))
      throw new AppError('permission_denied', 'Only its author or the video’s owner deletes a comment');
    await this.deps.db.transaction().execute(async (trx) => {
      await repository.deleteComment(trx, commentId);
      await repository.addEvent(trx, found.video_id, 'comment_deleted', commentId);
    });
    this.signal.changed(found.video_id);
  }

  async setCommentsEnabled(user: User, videoId: string, enabled: boolean, grant: Grant): Promise<boolean> {
    const video = await this.deps.videos.readable(user, videoId, grant);
    if (!owns(user, video)) throw new AppError('permission_denied', 'Only the video’s owner turns comments on or off');
    await this.deps.db.transaction().execute(async (trx) => {
      await repository.setCommentsEnabled(trx, videoId, enabled);
      await repository.addEvent(trx, videoId, enabled ? 'comments_enabled' : 'comments_disabled');
    });
    this.signal.changed(videoId);
    return enabled;
  }

  async addReaction(user: User, videoId: string, input: { emoji: string; momentSeconds: number }, grant: Grant) {
    const video = await this.deps.videos.readable(user, videoId, grant);
    if (!(await this.reactionLimit.take(user.uid)))
      throw new AppError('resource_exhausted', 'Too many reactions in a short time; wait a few seconds');
    const notified: string[] = [];
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const inserted = await repository.insertReaction(trx, {
        id: randomUUID(),
        video_id: videoId,
        ...authorOf(user),
        emoji: input.emoji,
        moment_seconds: clampMoment(input.momentSeconds, video),
      });
      await repository.addEvent(trx, videoId, 'reaction_added', inserted.id);
      if (video.userId !== user.uid) {
        const id = randomUUID();
        notified.push(id);
        await repository.insertNotifications(trx, [
          {
            id,
            recipient_uid: video.userId,
            kind: 'reaction',
            video_id: videoId,
            comment_id: null,
            actor_uid: user.uid,
            actor_name: user.name ?? '',
            actor_photo: user.photoUrl ?? '',
            text: input.emoji,
            moment_seconds: inserted.moment_seconds,
          },
        ]);
      }
      return inserted;
    });
    this.announceNew(videoId, notified, {
      event: 'reaction.created',
      video: hookVideo(video),
      data: { reaction: hookItem(row, { emoji: row.emoji }) },
    });
    return toReaction(row);
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
        const row = await repository.findComment(this.deps.db, subjectId);
        return row && { kind, comment: toComment(row) };
      }
      case 'comment_deleted':
        return { kind, commentId: subjectId };
      case 'reaction_added': {
        const row = await repository.findReaction(this.deps.db, subjectId);
        return row && { kind, reaction: toReaction(row) };
      }
      case 'comments_enabled':
      case 'comments_disabled':
        return { kind: 'comments_enabled', enabled: kind === 'comments_enabled' };
      default:
        return undefined;
    }
  }

  async notifications(user: User, limit: number): Promise<{ notifications: Notification[]; unread: number }> {
    const [rows, unread] = await Promise.all([
      repository.listNotifications(this.deps.db, user.uid, limit),
      repository.unreadCount(this.deps.db, user.uid),
    ]);
    return { notifications: rows.map(toNotification), unread };
  }

  unreadCount(user: User): Promise<number> {
    return repository.unreadCount(this.deps.db, user.uid);
  }

  /** Marks `ids` (undefined: all) of the caller's notifications read; returns the unread count left. */
  async markRead(user: User, ids: readonly string[] | undefined): Promise<number> {
    await repository.markRead(this.deps.db, user.uid, ids);
    return repository.unreadCount(this.deps.db, user.uid);
  }

  /**
   * Ranges one viewer watched. Each must lie within the video (a second of slack past its end when
   * its length is known); the owner's own playback is not counted.
   */
  async recordPlayback(
    caller: User | undefined,
    videoId: string,
    input: { viewerId: string; sessionId: string; ranges: PlaybackRange[] },
    grant: Grant,
  ): Promise<void> {
    const video = await this.deps.videos.readable(caller, videoId, grant);
    const end = video.durationSeconds > 0 ? video.durationSeconds + 1 : 24 * 3600;
    for (const range of input.ranges) {
      if (video.durationSeconds > 0 && range.startSeconds >= video.durationSeconds)
        throw new AppError('invalid_argument', `A range starts at ${range.startSeconds} s, past the video's end`);
      if (range.endSeconds > end)
        throw new AppError('invalid_argument', `A range ends at ${range.endSeconds} s, past the video's end`);
    }
    if (caller?.uid === video.userId) return;
    const attributed = caller ? undefined : await this.deps.gates?.attribution(videoId, grant, input.viewerId);
    const viewerKey = caller ? `user:${caller.uid}` : (attributed?.viewerKey ?? `anon:${input.viewerId}`);
    if (!(await this.playbackLimit.take(viewerKey)))
      throw new AppError('resource_exhausted', 'Too many playback reports in a short time');
    await repository.insertPlaybackRanges(
      this.deps.db,
      input.ranges.map((range) => ({
        video_id: videoId,
        session_id: `${viewerKey}/${input.sessionId}`,
        viewer_key: viewerKey,
        uid: caller?.uid ?? null,
        viewer_label: attributed?.label ?? null,
        start_seconds: range.startSeconds,
        end_seconds: Math.min(range.endSeconds, video.durationSeconds || range.endSeconds),
      })),
    );
  }

  async insights(user: User, videoId: string, grant: Grant): Promise<Insights> {
    const video = await this.deps.videos.readable(user, videoId, grant);
    if (!owns(user, video)) throw new AppError('permission_denied', 'Only the video’s owner sees its insights');
    const [rows, viewerKeys] = await Promise.all([
      repository.playbackOf(this.deps.db, videoId),
      repository.viewerKeysOf(this.deps.db, videoId),
    ]);
    const fromLinks = await linkInsights(this.deps.db, videoId);
    const insights = playbackInsights(
      rows.map((row) => ({
        sessionId: row.session_id,
        viewerKey: row.viewer_key,
        startSeconds: row.start_seconds,
        endSeconds: row.end_seconds,
        at: row.created_at,
        person: row.uid
          ? { uid: row.uid, displayName: row.display_name, photoUrl: row.photo_url }
          : row.viewer_label
            ? { uid: attributedPerson(row.viewer_key), displayName: row.viewer_label, photoUrl: '' }
            : undefined,
      })),
      video.viewCount,
      video.durationSeconds,
      viewerKeys,
    );
    return { ...insights, ...fromLinks };
  }
}

/** The video as a webhook payload names it. */
const hookVideo = (video: StoredVideo) => ({
  id: video.id,
  userId: video.userId,
  teamId: video.teamId,
  title: video.title,
});

/** A comment or reaction in a webhook payload: its author by name only. */
const hookItem = (
  row: { id: string; author_name: string; moment_seconds: number; created_at: Date },
  fields: Record<string, unknown>,
) => ({
  id: row.id,
  ...fields,
  momentSeconds: row.moment_seconds,
  author: { displayName: row.author_name },
  createdAt: row.created_at.toISOString(),
});

/** A moment within the video: past its end (when known) it is its end. */
function clampMoment(seconds: number, video: StoredVideo): number {
  return video.durationSeconds > 0 ? Math.min(seconds, video.durationSeconds) : seconds;
}

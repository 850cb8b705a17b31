import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import * as comments from './comment.repository';
import type { CommentRow } from './comment.repository';
import * as reactions from './reaction.repository';
import { addEvent, lastEventSeq } from './conversation-event.repository';
import type { Database } from '../platform/db/schema';
import type { Grant } from '../access';
import type { Comment, Conversation, Reaction } from './conversation';
import { threaded, toComment, toReaction } from './conversation.mapper';
import { pageTokenOf, placeOf } from './comment-page-token';
import type { LiveFeedService } from './live-feed.service';
import type { NotificationService } from './notification.service';
import { mayOnComment, moderates } from '../access';
import type { WebhookEvent, WebhookService } from '../webhooks';
import { PersonRateLimit } from '../platform/rate-limits/person-rate-limit';
import type { RateLimitCounter } from '../platform/rate-limits/rate-limit-counter';
import { AppError } from '../platform/app-error';
import type { StoredVideo, VideoService } from '../videos';

/** Comments one person may post (on any videos) per minute; reactions per 10 s. */
export const COMMENT_LIMIT = { max: 20, windowMs: 60_000 };
export const REACTION_LIMIT = { max: 20, windowMs: 10_000 };

export interface CommentServiceDeps {
  db: Kysely<Database>;
  videos: Pick<VideoService, 'readable'>;
  /** Where the per-person limits are counted: the database, so every process of a cluster shares them. */
  rateLimits: RateLimitCounter;
  /** Told of every change, so the video's open streams send it at once. */
  live: Pick<LiveFeedService, 'changed'>;
  /** Who a new comment or reaction concerns hears of it. */
  notifications: Pick<NotificationService, 'ofComment' | 'ofReaction' | 'mailSoon'>;
  /** Webhooks: comment.created and reaction.created. */
  hooks?: Pick<WebhookService, 'emitSoon'>;
}

const notFound = (what: string) => new AppError('not_found', `No ${what}`);
const authorOf = (user: User) => ({
  author_uid: user.uid,
  author_name: user.name ?? '',
  author_photo: user.photoUrl ?? '',
});

/**
 * The comments and reactions on a video: reading follows the video's `view`; writing needs someone
 * signed in who may view it; the owner moderates. Every change is numbered in conversation_events
 * and wakes the video's live streams.
 */
export class CommentService {
  private readonly commentLimit: PersonRateLimit;
  private readonly reactionLimit: PersonRateLimit;

  constructor(private readonly deps: CommentServiceDeps) {
    this.commentLimit = new PersonRateLimit('comment', COMMENT_LIMIT.max, COMMENT_LIMIT.windowMs, deps.rateLimits);
    this.reactionLimit = new PersonRateLimit('reaction', REACTION_LIMIT.max, REACTION_LIMIT.windowMs, deps.rateLimits);
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
    const cursor = await lastEventSeq(db, videoId);
    const [found, reactionRows, enabled] = await Promise.all([
      page ? comments.listCommentPage(db, videoId, after, page.size) : comments.listComments(db, videoId),
      after ? Promise.resolve([]) : reactions.listReactions(db, videoId),
      comments.commentsEnabled(db, videoId),
    ]);
    const momentCounts = after || !enabled ? [] : await comments.momentCounts(db, videoId, video.durationSeconds);
    return {
      comments: threaded(found.rows),
      reactions: reactionRows.map(toReaction),
      momentCounts,
      commentsEnabled: enabled,
      canComment: caller !== undefined && enabled,
      isOwner: moderates(caller, video),
      cursor: String(cursor),
      ...(found.next ? { nextPageToken: pageTokenOf(found.next) } : {}),
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
    if (!(await comments.commentsEnabled(db, videoId)))
      throw new AppError('failed_precondition', 'The owner has turned comments off for this video');
    let parent: CommentRow | undefined;
    if (input.parentId) {
      parent = await comments.findComment(db, input.parentId);
      if (!parent || parent.video_id !== videoId) throw notFound(`comment ${input.parentId}`);
      // One level deep: answering a reply answers its comment.
      if (parent.parent_id) parent = await comments.findComment(db, parent.parent_id);
      if (!parent || parent.deleted_at) throw new AppError('failed_precondition', 'That comment was deleted');
    }
    if (!(await this.commentLimit.take(user.uid)))
      throw new AppError('resource_exhausted', 'Too many comments in a short time; wait a minute');
    const { row, notified } = await db.transaction().execute(async (trx) => {
      const inserted = await comments.insertComment(trx, {
        id: randomUUID(),
        video_id: videoId,
        parent_id: parent?.id ?? null,
        ...authorOf(user),
        text: input.text,
        moment_seconds: clampMoment(input.momentSeconds, video),
      });
      await addEvent(trx, videoId, 'comment_added', inserted.id);
      return { row: inserted, notified: await this.deps.notifications.ofComment(trx, user, video, inserted, parent) };
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
    this.deps.live.changed(videoId);
    this.deps.notifications.mailSoon(notified);
    this.deps.hooks?.emitSoon(event);
  }

  async editComment(user: User, commentId: string, text: string, grant: Grant): Promise<Comment> {
    const found = await comments.findComment(this.deps.db, commentId);
    if (!found || found.deleted_at) throw notFound(`comment ${commentId}`);
    const video = await this.deps.videos.readable(user, found.video_id, grant);
    // Someone else's comment is as good as absent: only its author edits it.
    if (!mayOnComment(user, 'edit', { authorUid: found.author_uid }, video)) throw notFound(`comment ${commentId}`);
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const edited = await comments.editComment(trx, commentId, text);
      if (!edited) throw notFound(`comment ${commentId}`);
      await addEvent(trx, found.video_id, 'comment_edited', commentId);
      return edited;
    });
    this.deps.live.changed(found.video_id);
    return toComment(row);
  }

  async deleteComment(user: User, commentId: string, grant: Grant): Promise<void> {
    const found = await comments.findComment(this.deps.db, commentId);
    if (!found || found.deleted_at) throw notFound(`comment ${commentId}`);
    const video = await this.deps.videos.readable(user, found.video_id, grant);
    if (!mayOnComment(user, 'delete', { authorUid: found.author_uid }, video))
      throw new AppError('permission_denied', 'Only its author or the video’s owner deletes a comment');
    await this.deps.db.transaction().execute(async (trx) => {
      await comments.deleteComment(trx, commentId);
      await addEvent(trx, found.video_id, 'comment_deleted', commentId);
    });
    this.deps.live.changed(found.video_id);
  }

  async setCommentsEnabled(user: User, videoId: string, enabled: boolean, grant: Grant): Promise<boolean> {
    const video = await this.deps.videos.readable(user, videoId, grant);
    if (!moderates(user, video))
      throw new AppError('permission_denied', 'Only the video’s owner turns comments on or off');
    await this.deps.db.transaction().execute(async (trx) => {
      await comments.setCommentsEnabled(trx, videoId, enabled);
      await addEvent(trx, videoId, enabled ? 'comments_enabled' : 'comments_disabled');
    });
    this.deps.live.changed(videoId);
    return enabled;
  }

  async addReaction(
    user: User,
    videoId: string,
    input: { emoji: string; momentSeconds: number },
    grant: Grant,
  ): Promise<Reaction> {
    const video = await this.deps.videos.readable(user, videoId, grant);
    if (!(await this.reactionLimit.take(user.uid)))
      throw new AppError('resource_exhausted', 'Too many reactions in a short time; wait a few seconds');
    const { row, notified } = await this.deps.db.transaction().execute(async (trx) => {
      const inserted = await reactions.insertReaction(trx, {
        id: randomUUID(),
        video_id: videoId,
        ...authorOf(user),
        emoji: input.emoji,
        moment_seconds: clampMoment(input.momentSeconds, video),
      });
      await addEvent(trx, videoId, 'reaction_added', inserted.id);
      return { row: inserted, notified: await this.deps.notifications.ofReaction(trx, user, video, inserted) };
    });
    this.announceNew(videoId, notified, {
      event: 'reaction.created',
      video: hookVideo(video),
      data: { reaction: hookItem(row, { emoji: row.emoji }) },
    });
    return toReaction(row);
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

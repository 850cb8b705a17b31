import { create } from '@bufbuild/protobuf';
import { timestampNow } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createRouterTransport, type Transport } from '@connectrpc/connect';
import {
  CommentSchema,
  ConversationEventSchema,
  ConversationService,
  InsightsSchema,
  MAX_COMMENT_LENGTH,
  NotificationKind,
  NotificationSchema,
  REACTION_EMOJI,
  ReactionSchema,
  type Comment,
  type ConversationEvent,
  type Notification,
} from '@stream/proto';

export interface FakeConversationService {
  transport: Transport;
  /** Calls from now on are made by `uid` (undefined: signed out), named `name`. */
  as(uid: string | undefined, name?: string): void;
  /** The owner of every video of this fake. */
  ownerUid: string;
  /**
   * Drops every open stream, as a lost connection would (they may reconnect with their cursor);
   * with `code`, as the server ends one (unauthenticated: the ID token it was opened with expired).
   */
  dropStreams(code?: Code): void;
  notifications: Notification[];
}

const fail = (code: Code, message: string) => new ConnectError(message, code);

/**
 * An in-memory ConversationService with the server's rules that pages rely on: sign-in to write,
 * text length and the reaction set, replies one level deep and never to deleted comments, a
 * numbered event log that streams resume from, and notifications for the owner. Its videos are
 * `durationSeconds` long (0: unknown), for the first page's moment counts.
 */
export function createFakeConversationService(ownerUid = 'owner', durationSeconds = 0): FakeConversationService {
  let caller: { uid: string; name: string } | undefined;
  const comments = new Map<string, Comment>();
  const reactions: ConversationEvent['event'][] = [];
  const log: ConversationEvent[] = [];
  const notifications: Notification[] = [];
  const wake: (() => void)[] = [];
  const drops: ((code: Code) => void)[] = [];
  let ids = 0;

  const emit = (event: ConversationEvent['event']) => {
    log.push(create(ConversationEventSchema, { cursor: String(log.length + 1), event }));
    for (const resolve of wake.splice(0)) resolve();
  };
  const signedIn = () => {
    if (!caller) throw fail(Code.Unauthenticated, 'Sign in to take part in the conversation');
    return caller;
  };
  const threaded = () =>
    [...comments.values()]
      .filter((comment) => !comment.parentId && (!comment.deleted || hasReplies(comment.id)))
      .map((comment) => ({ ...comment, replies: repliesOf(comment.id) }))
      .sort((a, b) => a.momentSeconds - b.momentSeconds);
  const repliesOf = (id: string) => [...comments.values()].filter((c) => c.parentId === id && !c.deleted);
  const hasReplies = (id: string) => repliesOf(id).length > 0;
  const reactionList = () => reactions.flatMap((event) => (event.case === 'reactionAdded' ? [event.value] : []));
  /** As the server's: comments (not replies, not deleted) and reactions per 2% of the length (1 s when unknown). */
  const momentCounts = () => {
    const stretch = durationSeconds > 0 ? durationSeconds / 50 : 1;
    const counts = new Map<number, { momentSeconds: number; count: number }>();
    const moments = [
      ...[...comments.values()].filter((c) => !c.parentId && !c.deleted).map((c) => c.momentSeconds),
      ...reactionList().map((r) => r.momentSeconds),
    ];
    for (const moment of moments) {
      const at = durationSeconds > 0 ? Math.min(Math.floor(moment / stretch), 49) : Math.floor(moment);
      const known = counts.get(at);
      counts.set(at, {
        momentSeconds: Math.min(known?.momentSeconds ?? moment, moment),
        count: (known?.count ?? 0) + 1,
      });
    }
    return [...counts.values()].sort((a, b) => a.momentSeconds - b.momentSeconds);
  };

  const transport = createRouterTransport(({ service }) => {
    service(ConversationService, {
      listComments: (request) => {
        // Pages as the server's: page_size top-level comments (with their replies) after the token;
        // reactions with the first page only. The token here is the offset.
        const all = threaded();
        if (request.pageSize < 0 || request.pageSize > 200 || (request.pageToken && !request.pageSize))
          throw fail(Code.InvalidArgument, 'page_size is 0 (everything) to 200');
        if (request.pageToken && !/^\d+$/.test(request.pageToken))
          throw fail(Code.InvalidArgument, 'page_token is not one ListComments gave');
        const from = Number(request.pageToken || 0);
        const to = request.pageSize ? from + request.pageSize : all.length;
        return {
          comments: all.slice(from, to),
          reactions: from ? [] : reactionList(),
          momentCounts: from ? [] : momentCounts(),
          commentsEnabled: true,
          canComment: caller !== undefined,
          isOwner: caller?.uid === ownerUid,
          cursor: String(log.length),
          nextPageToken: to < all.length ? String(to) : '',
        };
      },
      addComment: (request) => {
        const author = signedIn();
        const text = request.text.trim();
        if (!text || text.length > MAX_COMMENT_LENGTH) throw fail(Code.InvalidArgument, 'text is required');
        if (!Number.isFinite(request.momentSeconds) || request.momentSeconds < 0)
          throw fail(Code.InvalidArgument, 'moment_seconds must be a number of seconds from 0');
        let parent = request.parentId ? comments.get(request.parentId) : undefined;
        if (request.parentId && !parent) throw fail(Code.NotFound, 'No comment');
        if (parent?.parentId) parent = comments.get(parent.parentId);
        if (parent?.deleted) throw fail(Code.FailedPrecondition, 'That comment was deleted');
        const comment = create(CommentSchema, {
          id: `c${++ids}`,
          videoId: request.videoId,
          parentId: parent?.id ?? '',
          author: { uid: author.uid, displayName: author.name },
          text,
          momentSeconds: request.momentSeconds,
          createdAt: timestampNow(),
        });
        comments.set(comment.id, comment);
        emit({ case: 'commentAdded', value: comment });
        if (author.uid !== ownerUid) {
          notifications.unshift(
            create(NotificationSchema, {
              id: `n${++ids}`,
              kind: parent ? NotificationKind.REPLY : NotificationKind.COMMENT,
              videoId: request.videoId,
              actor: { uid: author.uid, displayName: author.name },
              text,
              momentSeconds: request.momentSeconds,
              commentId: comment.id,
              createdAt: timestampNow(),
            }),
          );
        }
        return comment;
      },
      editComment: (request) => {
        const author = signedIn();
        const comment = comments.get(request.commentId);
        if (!comment || comment.deleted || comment.author?.uid !== author.uid) throw fail(Code.NotFound, 'No comment');
        const edited = { ...comment, text: request.text.trim(), editedAt: timestampNow() };
        comments.set(edited.id, edited);
        emit({ case: 'commentEdited', value: edited });
        return edited;
      },
      deleteComment: (request) => {
        const who = signedIn();
        const comment = comments.get(request.commentId);
        if (!comment || comment.deleted) throw fail(Code.NotFound, 'No comment');
        if (comment.author?.uid !== who.uid && who.uid !== ownerUid) throw fail(Code.PermissionDenied, 'Not yours');
        comments.set(comment.id, { ...comment, deleted: true, text: '' });
        emit({ case: 'commentDeleted', value: comment.id });
        return {};
      },
      setCommentsEnabled: (request) => ({ commentsEnabled: request.enabled }),
      addReaction: (request) => {
        const author = signedIn();
        if (!REACTION_EMOJI.includes(request.emoji)) throw fail(Code.InvalidArgument, 'emoji');
        const reaction = create(ReactionSchema, {
          id: `r${++ids}`,
          videoId: request.videoId,
          author: { uid: author.uid, displayName: author.name },
          emoji: request.emoji,
          momentSeconds: request.momentSeconds,
          createdAt: timestampNow(),
        });
        const event = { case: 'reactionAdded' as const, value: reaction };
        reactions.push(event);
        emit(event);
        return reaction;
      },
      async *watchConversation(request, context) {
        if (request.sinceCursor && !/^\d+$/.test(request.sinceCursor))
          throw fail(Code.InvalidArgument, 'since_cursor is not a cursor');
        let next = request.sinceCursor ? Number(request.sinceCursor) : log.length;
        let dropped: Code | undefined;
        drops.push((code) => (dropped = code));
        yield create(ConversationEventSchema, { cursor: String(next), event: { case: 'heartbeat', value: true } });
        while (!context.signal.aborted) {
          while (next < log.length) yield log[next++]!;
          await new Promise<void>((resolve) => {
            wake.push(resolve);
            drops.push(() => resolve());
            context.signal.addEventListener('abort', () => resolve(), { once: true });
          });
          if (dropped !== undefined) throw fail(dropped, 'connection lost');
        }
      },
      listNotifications: () => {
        const mine = caller?.uid === ownerUid ? notifications : [];
        return { notifications: mine, unreadCount: mine.filter((n) => !n.read).length };
      },
      markNotificationsRead: (request) => {
        for (const n of notifications) if (request.all || request.ids.includes(n.id)) n.read = true;
        return { unreadCount: notifications.filter((n) => !n.read).length };
      },
      recordPlayback: () => ({}),
      getInsights: () => {
        if (caller?.uid !== ownerUid) throw fail(Code.PermissionDenied, 'Only the owner');
        return create(InsightsSchema, {});
      },
    });
  });

  return {
    transport,
    ownerUid,
    notifications,
    as(uid, name = uid ?? '') {
      caller = uid === undefined ? undefined : { uid, name };
    },
    dropStreams(code = Code.Unavailable) {
      for (const drop of drops.splice(0)) drop(code);
    },
  };
}

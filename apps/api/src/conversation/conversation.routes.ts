import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ConnectRouter, type HandlerContext } from '@connectrpc/connect';
import {
  CommentSchema,
  ConversationEventSchema,
  ConversationService as ConversationServiceDescriptor,
  NotificationKind,
  NotificationSchema,
  ReactionSchema,
  type ConversationEvent as ProtoEvent,
} from '@stream/proto';
import { kUser, type User } from '../platform/auth/user';
import type { Author, Comment, ConversationEvent, Notification, Reaction } from './conversation';
import type { ConversationService } from './comment.service';
import { AppError } from '../platform/app-error';
import { videoErrorCodes } from '../platform/rpc/failure-answers';
import * as valid from './conversation.validation';
import { kHttpRequest } from '../platform/rpc/http-request';
import { shareGrant } from '../sharing';
import { videoId, viewerId } from '../videos';

export interface ConversationRoutesDeps {
  conversations: ConversationService;
}

/** Reading a conversation and sending playback beacons answer signed-out viewers of a video they may see. */
export const conversationAnonymousMethods: readonly string[] = ['ListComments', 'WatchConversation', 'RecordPlayback'];

function signedIn(context: HandlerContext): User {
  const user = context.values.get(kUser);
  if (!user) throw new ConnectError('Sign in to take part in the conversation', Code.Unauthenticated);
  return user;
}

const grantOf = (context: HandlerContext) => shareGrant(context);

const toPerson = (author: Author) => ({
  uid: author.uid,
  displayName: author.displayName,
  photoUrl: author.photoUrl,
});

const toComment = (comment: Comment): ReturnType<typeof create<typeof CommentSchema>> =>
  create(CommentSchema, {
    id: comment.id,
    videoId: comment.videoId,
    parentId: comment.parentId ?? '',
    author: toPerson(comment.author),
    text: comment.text,
    momentSeconds: comment.momentSeconds,
    createdAt: timestampFromDate(comment.createdAt),
    editedAt: comment.editedAt && timestampFromDate(comment.editedAt),
    deleted: comment.deleted,
    replies: comment.replies.map(toComment),
  });

const toReaction = (reaction: Reaction) =>
  create(ReactionSchema, {
    id: reaction.id,
    videoId: reaction.videoId,
    author: toPerson(reaction.author),
    emoji: reaction.emoji,
    momentSeconds: reaction.momentSeconds,
    createdAt: timestampFromDate(reaction.createdAt),
  });

const notificationKinds = {
  comment: NotificationKind.COMMENT,
  reply: NotificationKind.REPLY,
  reaction: NotificationKind.REACTION,
} as const;

const toNotification = (notification: Notification) =>
  create(NotificationSchema, {
    id: notification.id,
    kind: notificationKinds[notification.kind],
    videoId: notification.videoId,
    videoTitle: notification.videoTitle,
    actor: toPerson(notification.actor),
    text: notification.text,
    momentSeconds: notification.momentSeconds,
    commentId: notification.commentId ?? '',
    createdAt: timestampFromDate(notification.createdAt),
    read: notification.read,
  });

function toEvent({ cursor, change }: ConversationEvent): ProtoEvent {
  const event = ((): ProtoEvent['event'] => {
    switch (change.kind) {
      case 'comment_added':
        return { case: 'commentAdded', value: toComment(change.comment) };
      case 'comment_edited':
        return { case: 'commentEdited', value: toComment(change.comment) };
      case 'comment_deleted':
        return { case: 'commentDeleted', value: change.commentId };
      case 'reaction_added':
        return { case: 'reactionAdded', value: toReaction(change.reaction) };
      case 'comments_enabled':
        return { case: 'commentsEnabled', value: change.enabled };
      case 'heartbeat':
        return { case: 'heartbeat', value: true };
    }
  })();
  return create(ConversationEventSchema, { cursor, event });
}

/** The ConversationService on the Connect router (issue 28). Errors leave through the error interceptor. */
export default ({ conversations }: ConversationRoutesDeps) =>
  (router: ConnectRouter) => {
    router.service(ConversationServiceDescriptor, {
      listComments: async (request, context) => {
        const page = valid.commentPage(request.pageSize, request.pageToken);
        const found = await conversations.list(
          context.values.get(kUser),
          videoId(request.videoId),
          grantOf(context),
          page,
        );
        return {
          comments: found.comments.map(toComment),
          reactions: found.reactions.map(toReaction),
          momentCounts: found.momentCounts,
          commentsEnabled: found.commentsEnabled,
          canComment: found.canComment,
          isOwner: found.isOwner,
          cursor: found.cursor,
          nextPageToken: found.nextPageToken ?? '',
        };
      },

      addComment: async (request, context) => {
        const user = signedIn(context);
        const id = videoId(request.videoId);
        const input = {
          text: valid.commentText(request.text),
          momentSeconds: valid.moment(request.momentSeconds),
          parentId: valid.optionalId('parent_id', request.parentId),
        };
        return toComment(await conversations.addComment(user, id, input, grantOf(context)));
      },

      editComment: async (request, context) => {
        const user = signedIn(context);
        const id = valid.id('comment_id', request.commentId);
        return toComment(await conversations.editComment(user, id, valid.commentText(request.text), grantOf(context)));
      },

      deleteComment: async (request, context) => {
        const user = signedIn(context);
        await conversations.deleteComment(user, valid.id('comment_id', request.commentId), grantOf(context));
        return {};
      },

      setCommentsEnabled: async (request, context) => {
        const user = signedIn(context);
        const enabled = await conversations.setCommentsEnabled(
          user,
          videoId(request.videoId),
          request.enabled,
          grantOf(context),
        );
        return { commentsEnabled: enabled };
      },

      addReaction: async (request, context) => {
        const user = signedIn(context);
        const id = videoId(request.videoId);
        const input = { emoji: valid.emoji(request.emoji), momentSeconds: valid.moment(request.momentSeconds) };
        return toReaction(await conversations.addReaction(user, id, input, grantOf(context)));
      },

      watchConversation: async function* (request, context) {
        const id = videoId(request.videoId);
        const since = valid.cursor(request.sinceCursor);
        // Ends with the call: the client leaving, or the server closing (its request's socket closes).
        const stop = new AbortController();
        const abort = () => stop.abort();
        context.signal.addEventListener('abort', abort);
        context.values.get(kHttpRequest)?.raw.once('close', abort);
        try {
          for await (const event of conversations.watch(
            context.values.get(kUser),
            id,
            grantOf(context),
            since,
            stop.signal,
          ))
            yield toEvent(event);
        } catch (error) {
          // A stream's errors pass the error interceptor before they happen: rule errors are mapped here.
          if (error instanceof AppError) throw new ConnectError(error.message, videoErrorCodes[error.kind]);
          throw error;
        } finally {
          context.signal.removeEventListener('abort', abort);
        }
      },

      listNotifications: async (request, context) => {
        const user = signedIn(context);
        const found = await conversations.notifications(user, valid.pageSize(request.pageSize));
        return { notifications: found.notifications.map(toNotification), unreadCount: found.unread };
      },

      markNotificationsRead: async (request, context) => {
        const user = signedIn(context);
        return { unreadCount: await conversations.markRead(user, valid.notificationIds(request.ids, request.all)) };
      },

      recordPlayback: async (request, context) => {
        const user = context.values.get(kUser);
        const id = videoId(request.videoId);
        const input = {
          viewerId: viewerId(request.viewerId, user !== undefined),
          sessionId: valid.sessionId(request.sessionId),
          ranges: valid.ranges(request.ranges),
        };
        await conversations.recordPlayback(user, id, input, grantOf(context));
        return {};
      },

      getInsights: async (request, context) => {
        const user = signedIn(context);
        const found = await conversations.insights(user, videoId(request.videoId), grantOf(context));
        return {
          views: BigInt(found.views),
          uniqueViewers: found.uniqueViewers,
          seenBy: found.seenBy.map((seen) => ({
            person: toPerson(seen.person),
            watchedSeconds: seen.watchedSeconds,
            shareWatched: seen.shareWatched,
            lastWatchedAt: timestampFromDate(seen.lastWatchedAt),
          })),
          averageShareWatched: found.averageShareWatched,
          retention: found.retention,
          durationSeconds: found.durationSeconds,
          callToActionClicks: BigInt(found.callToActionClicks ?? 0),
          emailGateEntries: found.emailGateEntries ?? 0,
        };
      },
    });
  };

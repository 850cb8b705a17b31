import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ConnectRouter, type HandlerContext } from '@connectrpc/connect';
import { ConversationService as ConversationServiceDescriptor } from '@stream/proto';
import { kUser, type User } from '../platform/auth/user';
import type { CommentService } from './comment.service';
import type { LiveFeedService } from './live-feed.service';
import type { NotificationService } from './notification.service';
import type { PlaybackInsightService } from './playback-insight.service';
import { toComment, toEvent, toNotification, toPerson, toReaction } from './conversation.message';
import { AppError } from '../platform/app-error';
import { videoErrorCodes } from '../platform/rpc/failure-answers';
import * as valid from './conversation.validation';
import { kHttpRequest } from '../platform/rpc/http-request';
import { shareGrant } from '../sharing';
import { videoId, viewerId } from '../videos';

/** The services behind the ConversationService's methods, one per job. */
export interface ConversationRoutesDeps {
  comments: CommentService;
  liveFeed: LiveFeedService;
  notifications: NotificationService;
  playback: PlaybackInsightService;
}

function signedIn(context: HandlerContext): User {
  const user = context.values.get(kUser);
  if (!user) throw new ConnectError('Sign in to take part in the conversation', Code.Unauthenticated);
  return user;
}

const grantOf = (context: HandlerContext) => shareGrant(context);

/** The ConversationService on the Connect router. Errors leave through the error interceptor. */
export default ({ comments, liveFeed, notifications, playback }: ConversationRoutesDeps) =>
  (router: ConnectRouter) => {
    router.service(ConversationServiceDescriptor, {
      listComments: async (request, context) => {
        const page = valid.commentPage(request.pageSize, request.pageToken);
        const found = await comments.list(context.values.get(kUser), videoId(request.videoId), grantOf(context), page);
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
        return toComment(await comments.addComment(user, id, input, grantOf(context)));
      },

      editComment: async (request, context) => {
        const user = signedIn(context);
        const id = valid.id('comment_id', request.commentId);
        return toComment(await comments.editComment(user, id, valid.commentText(request.text), grantOf(context)));
      },

      deleteComment: async (request, context) => {
        const user = signedIn(context);
        await comments.deleteComment(user, valid.id('comment_id', request.commentId), grantOf(context));
        return {};
      },

      setCommentsEnabled: async (request, context) => {
        const user = signedIn(context);
        const enabled = await comments.setCommentsEnabled(
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
        return toReaction(await comments.addReaction(user, id, input, grantOf(context)));
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
          for await (const event of liveFeed.watch(context.values.get(kUser), id, grantOf(context), since, stop.signal))
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
        const found = await notifications.list(user, valid.pageSize(request.pageSize));
        return { notifications: found.notifications.map(toNotification), unreadCount: found.unread };
      },

      markNotificationsRead: async (request, context) => {
        const user = signedIn(context);
        return { unreadCount: await notifications.markRead(user, valid.notificationIds(request.ids, request.all)) };
      },

      recordPlayback: async (request, context) => {
        const user = context.values.get(kUser);
        const id = videoId(request.videoId);
        const input = {
          viewerId: viewerId(request.viewerId, user !== undefined),
          sessionId: valid.sessionId(request.sessionId),
          ranges: valid.ranges(request.ranges),
        };
        await playback.recordPlayback(user, id, input, grantOf(context));
        return {};
      },

      getInsights: async (request, context) => {
        const user = signedIn(context);
        const found = await playback.insights(user, videoId(request.videoId), grantOf(context));
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

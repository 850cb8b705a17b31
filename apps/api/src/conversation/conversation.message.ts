import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  CommentSchema,
  ConversationEventSchema,
  NotificationKind,
  NotificationSchema,
  ReactionSchema,
  type ConversationEvent as ProtoEvent,
} from '@stream/proto';
import type { Author, Comment, ConversationEvent, Notification, Reaction } from './conversation';

export const toPerson = (author: Author) => ({
  uid: author.uid,
  displayName: author.displayName,
  photoUrl: author.photoUrl,
});

export const toComment = (comment: Comment): ReturnType<typeof create<typeof CommentSchema>> =>
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

export const toReaction = (reaction: Reaction) =>
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

export const toNotification = (notification: Notification) =>
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

export function toEvent({ cursor, change }: ConversationEvent): ProtoEvent {
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

import type { Comment, ConversationEvent, ListCommentsResponse, Reaction } from '@stream/proto';

/** What a page shows of a video's conversation; kept current by the live stream's events. */
export interface ConversationState {
  comments: Comment[];
  reactions: Reaction[];
  commentsEnabled: boolean;
  canComment: boolean;
  isOwner: boolean;
  /** The last event applied (resume the stream after it). */
  cursor: string;
  /** Where the next page of comments starts; empty when every comment is here. */
  nextPageToken: string;
}

export const stateOf = (response: ListCommentsResponse): ConversationState => ({
  comments: response.comments,
  reactions: response.reactions,
  commentsEnabled: response.commentsEnabled,
  canComment: response.canComment,
  isOwner: response.isOwner,
  cursor: response.cursor,
  nextPageToken: response.nextPageToken,
});

/** The state with the next page of comments added (each once, in the video's order). */
export function withPage(state: ConversationState, page: ListCommentsResponse): ConversationState {
  return {
    ...state,
    comments: page.comments.reduce((comments, comment) => withComment(comments, comment), state.comments),
    nextPageToken: page.nextPageToken,
  };
}

const byMoment = (a: { momentSeconds: number }, b: { momentSeconds: number }) => a.momentSeconds - b.momentSeconds;

/** `comment` put in its place (a reply under its comment), replacing one of the same id. */
export function withComment(comments: readonly Comment[], comment: Comment): Comment[] {
  if (comment.parentId) {
    return comments.map((top) =>
      top.id === comment.parentId
        ? { ...top, replies: [...top.replies.filter((reply) => reply.id !== comment.id), comment].sort(byCreated) }
        : top,
    );
  }
  const old = comments.find((top) => top.id === comment.id);
  const kept = { ...comment, replies: old?.replies ?? comment.replies };
  return [...comments.filter((top) => top.id !== comment.id), kept].sort(byMoment);
}

const byCreated = (a: Comment, b: Comment) => Number(a.createdAt?.seconds ?? 0n) - Number(b.createdAt?.seconds ?? 0n);

/** Without comment `id`: a reply goes; a comment with replies stays, marked deleted, without text. */
export function withoutComment(comments: readonly Comment[], id: string): Comment[] {
  return comments.flatMap((top) => {
    if (top.id === id) return top.replies.length > 0 ? [{ ...top, deleted: true, text: '' }] : [];
    const replies = top.replies.filter((reply) => reply.id !== id);
    return [replies.length === top.replies.length ? top : { ...top, replies }];
  });
}

/** The state after one live event; an event already applied (a comment seen twice) changes nothing more. */
export function applyEvent(state: ConversationState, event: ConversationEvent): ConversationState {
  const next = { ...state, cursor: event.cursor || state.cursor };
  switch (event.event.case) {
    case 'commentAdded':
    case 'commentEdited':
      return { ...next, comments: withComment(state.comments, event.event.value) };
    case 'commentDeleted':
      return { ...next, comments: withoutComment(state.comments, event.event.value) };
    case 'reactionAdded': {
      const reaction = event.event.value;
      if (state.reactions.some((known) => known.id === reaction.id)) return next;
      return { ...next, reactions: [...state.reactions, reaction].sort(byMoment) };
    }
    case 'commentsEnabled':
      return {
        ...next,
        commentsEnabled: event.event.value,
        canComment: event.event.value && (state.canComment || state.commentsEnabled === false),
      };
    default:
      return next;
  }
}

/** Moments close together (within `gap` seconds) as one marker with a count. */
export function groupMoments(moments: readonly number[], gap: number): { momentSeconds: number; count: number }[] {
  const groups: { momentSeconds: number; count: number }[] = [];
  for (const moment of [...moments].sort((a, b) => a - b)) {
    const last = groups.at(-1);
    if (last && moment - last.momentSeconds <= gap) last.count += 1;
    else groups.push({ momentSeconds: moment, count: 1 });
  }
  return groups;
}

/** Close moments share a marker: within 2% of the video's length. */
const MARKER_GAP_SHARE = 0.02;

/** The comments and reactions of `state` as markers along the video (close ones as one, with a count and a label). */
export function momentMarkersOf(state: Pick<ConversationState, 'comments' | 'reactions'>, durationSeconds: number) {
  const moments = [...state.comments.map((c) => c.momentSeconds), ...state.reactions.map((r) => r.momentSeconds)];
  return groupMoments(moments, durationSeconds * MARKER_GAP_SHARE).map((group) => ({
    ...group,
    label: group.count === 1 ? '1 comment or reaction' : `${group.count} comments and reactions`,
  }));
}

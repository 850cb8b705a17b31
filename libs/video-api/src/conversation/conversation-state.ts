import type { Comment, ConversationEvent, ListCommentsResponse, Reaction } from '@stream/proto';

/** How many comments and reactions sit from a moment on (a stretch of the video, or one of them). */
export interface MomentCount {
  momentSeconds: number;
  count: number;
}

/** What a page shows of a video's conversation; kept current by the live stream's events. */
export interface ConversationState {
  comments: Comment[];
  reactions: Reaction[];
  /**
   * The whole video's comments and reactions per stretch (the first page's moment_counts), with
   * those made since: what the timeline marks, while `comments` holds only the pages loaded.
   */
  momentCounts: MomentCount[];
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
  momentCounts: response.momentCounts.map(({ momentSeconds, count }) => ({ momentSeconds, count })),
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
    case 'commentEdited': {
      const comment = event.event.value;
      const isNew = !comment.parentId && !state.comments.some((known) => known.id === comment.id);
      return {
        ...next,
        comments: withComment(state.comments, comment),
        momentCounts: isNew ? withCount(state.momentCounts, comment.momentSeconds) : state.momentCounts,
      };
    }
    case 'commentDeleted': {
      const gone = state.comments.find((known) => known.id === event.event.value && !known.deleted);
      return {
        ...next,
        comments: withoutComment(state.comments, event.event.value),
        momentCounts: gone ? withoutCount(state.momentCounts, gone.momentSeconds) : state.momentCounts,
      };
    }
    case 'reactionAdded': {
      const reaction = event.event.value;
      if (state.reactions.some((known) => known.id === reaction.id)) return next;
      return {
        ...next,
        reactions: [...state.reactions, reaction].sort(byMoment),
        momentCounts: withCount(state.momentCounts, reaction.momentSeconds),
      };
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

/** The counts with one more at `moment`. */
const withCount = (counts: readonly MomentCount[], moment: number): MomentCount[] =>
  [...counts, { momentSeconds: moment, count: 1 }].sort(byMoment);

/** The counts with one fewer in the stretch that holds `moment` (the last one starting at or before it). */
function withoutCount(counts: readonly MomentCount[], moment: number): MomentCount[] {
  const at = counts.findLastIndex((entry) => entry.momentSeconds <= moment);
  if (at < 0) return [...counts];
  return counts.flatMap((entry, index) =>
    index !== at ? [entry] : entry.count > 1 ? [{ ...entry, count: entry.count - 1 }] : [],
  );
}

/** Moments close together (within `gap` seconds) as one marker with a count. */
export const groupMoments = (moments: readonly number[], gap: number): MomentCount[] =>
  groupCounts(
    moments.map((momentSeconds) => ({ momentSeconds, count: 1 })),
    gap,
  );

/** Counts close together (within `gap` seconds of a group's first moment) as one, summed. */
export function groupCounts(counts: readonly MomentCount[], gap: number): MomentCount[] {
  const groups: MomentCount[] = [];
  for (const entry of [...counts].sort(byMoment)) {
    const last = groups.at(-1);
    if (last && entry.momentSeconds - last.momentSeconds <= gap) last.count += entry.count;
    else groups.push({ ...entry });
  }
  return groups;
}

/** Close moments share a marker: within 2% of the video's length. */
const MARKER_GAP_SHARE = 0.02;

/**
 * The whole video's comments and reactions (its moment counts, not only the comments loaded) as
 * markers along it: close ones as one, with a count and a label; none while comments are off.
 */
export function momentMarkersOf(
  state: Pick<ConversationState, 'momentCounts' | 'commentsEnabled'>,
  durationSeconds: number,
) {
  if (!state.commentsEnabled) return [];
  return groupCounts(state.momentCounts, durationSeconds * MARKER_GAP_SHARE).map((group) => ({
    ...group,
    label: group.count === 1 ? '1 comment or reaction' : `${group.count} comments and reactions`,
  }));
}

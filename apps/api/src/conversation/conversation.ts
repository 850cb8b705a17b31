/** The conversation around a video, as the business rules see it. */
export interface Author {
  uid: string;
  displayName: string;
  photoUrl: string;
}

export interface Comment {
  id: string;
  videoId: string;
  /** The comment it answers; undefined for a comment. */
  parentId?: string;
  author: Author;
  /** Plain text as written; '' once deleted. */
  text: string;
  momentSeconds: number;
  createdAt: Date;
  editedAt?: Date;
  deleted: boolean;
  replies: Comment[];
}

export interface Reaction {
  id: string;
  videoId: string;
  author: Author;
  emoji: string;
  momentSeconds: number;
  createdAt: Date;
}

export interface Conversation {
  comments: Comment[];
  reactions: Reaction[];
  /** The first page only: the whole video's comments and reactions counted per stretch of it. */
  momentCounts: { momentSeconds: number; count: number }[];
  commentsEnabled: boolean;
  canComment: boolean;
  isOwner: boolean;
  cursor: string;
  /** Set when a page was asked for and more comments follow. */
  nextPageToken?: string;
}

export type ConversationChange =
  | { kind: 'comment_added' | 'comment_edited'; comment: Comment }
  | { kind: 'comment_deleted'; commentId: string }
  | { kind: 'reaction_added'; reaction: Reaction }
  | { kind: 'comments_enabled'; enabled: boolean }
  | { kind: 'heartbeat' };

export interface ConversationEvent {
  cursor: string;
  change: ConversationChange;
}

export interface Notification {
  id: string;
  kind: 'comment' | 'reply' | 'reaction';
  videoId: string;
  videoTitle: string;
  actor: Author;
  text: string;
  momentSeconds: number;
  commentId?: string;
  createdAt: Date;
  read: boolean;
}

export interface PlaybackRange {
  startSeconds: number;
  endSeconds: number;
}

export interface SeenBy {
  person: Author;
  watchedSeconds: number;
  shareWatched: number;
  lastWatchedAt: Date;
}

export interface Insights {
  views: number;
  uniqueViewers: number;
  seenBy: SeenBy[];
  averageShareWatched: number;
  retention: { startSeconds: number; endSeconds: number; viewers: number }[];
  durationSeconds: number;
  /** From its share links: clicks on the call to action, and emails its email gates took. */
  callToActionClicks?: number;
  emailGateEntries?: number;
}

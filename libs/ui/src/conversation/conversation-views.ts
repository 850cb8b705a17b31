// What the conversation components show, shaped so the contract's messages fit as they are
// (this library does not depend on the contract).

export interface PersonView {
  uid: string;
  displayName: string;
  photoUrl: string;
}

export interface CommentView {
  id: string;
  parentId: string;
  author?: PersonView;
  text: string;
  momentSeconds: number;
  createdAt?: { seconds: bigint };
  editedAt?: { seconds: bigint };
  deleted: boolean;
  replies: CommentView[];
}

/** 1 comment, 2 reply, 3 reaction (the contract's NotificationKind). */
export interface NotificationView {
  id: string;
  kind: number;
  videoId: string;
  videoTitle: string;
  actor?: PersonView;
  text: string;
  momentSeconds: number;
  read: boolean;
}

export interface InsightsView {
  views: bigint;
  uniqueViewers: number;
  seenBy: { person?: PersonView; watchedSeconds: number; shareWatched: number }[];
  averageShareWatched: number;
  retention: { startSeconds: number; endSeconds: number; viewers: number }[];
  /** What the share links brought: clicks on the call to action, and emails the email gates took. */
  callToActionClicks?: bigint;
  emailGateEntries?: number;
}

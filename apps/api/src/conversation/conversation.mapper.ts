import type { CommentRow } from './comment.repository';
import type { ReactionRow } from './reaction.repository';
import type { Author, Comment, Reaction } from './conversation';

export const toAuthor = (row: { author_uid: string; author_name: string; author_photo: string }): Author => ({
  uid: row.author_uid,
  displayName: row.author_name,
  photoUrl: row.author_photo,
});

export function toComment(row: CommentRow): Comment {
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

export const toReaction = (row: ReactionRow): Reaction => ({
  id: row.id,
  videoId: row.video_id,
  author: toAuthor(row),
  emoji: row.emoji,
  momentSeconds: row.moment_seconds,
  createdAt: row.created_at,
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

import type { CommentView as Comment } from './conversation-views';
import { formatDateTime, formatTime } from '../primitives';
import { useState, type ReactNode } from 'react';
import { CommentText } from './comment-text';

export interface CommentsPanelProps {
  comments: readonly Comment[];
  /** The signed-in person's uid (undefined: signed out). */
  myUid?: string;
  canComment: boolean;
  commentsEnabled: boolean;
  isOwner: boolean;
  /** Where the player is now: a new comment is written at this moment. */
  currentMoment: () => number;
  onSeek(seconds: number): void;
  onPost(text: string, momentSeconds: number, parentId?: string): Promise<boolean>;
  onEdit(commentId: string, text: string): Promise<boolean>;
  onDelete(commentId: string): Promise<boolean>;
  onSetEnabled?(enabled: boolean): void;
  /** Why the last action failed, in words. */
  error?: string;
  /** Shown to signed-out viewers instead of the textbox (a link to sign in). */
  signIn?: ReactNode;
  /** More comments follow those shown (they come in pages): a "Show more comments" button loads the next. */
  moreComments?: boolean;
  onShowMore?(): void;
}

const timeOf = (comment: Comment) =>
  comment.createdAt ? formatDateTime(new Date(Number(comment.createdAt.seconds) * 1000)) : '';

/** The comments of a video: each at its moment (a button that seeks), with replies one level deep. */
export function CommentsPanel(props: CommentsPanelProps) {
  const count = props.comments.reduce((sum, c) => sum + (c.deleted ? 0 : 1) + c.replies.length, 0);
  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h2 id="comments-heading" className="text-lg font-semibold">
          Comments ({count})
        </h2>
        {props.isOwner && props.onSetEnabled && (
          <label className="label gap-2 text-sm">
            <input
              type="checkbox"
              className="toggle toggle-sm"
              checked={props.commentsEnabled}
              onChange={(event) => props.onSetEnabled!(event.target.checked)}
            />
            Allow comments
          </label>
        )}
      </div>
      {props.canComment ? (
        <CommentForm label="Add a comment" onSubmit={(text) => props.onPost(text, props.currentMoment())} />
      ) : props.myUid ? (
        !props.commentsEnabled && <p className="text-sm opacity-70">Comments are turned off for this video.</p>
      ) : (
        props.signIn
      )}
      {props.error && (
        <p role="alert" className="text-error text-sm">
          {props.error}
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {props.comments.map((comment) => (
          <li key={comment.id}>
            <CommentItem {...props} comment={comment} />
            {comment.replies.length > 0 && (
              <ol className="border-base-300 mt-2 ml-8 flex flex-col gap-2 border-l pl-3">
                {comment.replies.map((reply) => (
                  <li key={reply.id}>
                    <CommentItem {...props} comment={reply} />
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
      {props.moreComments && props.onShowMore && (
        <button type="button" className="btn btn-sm self-start" onClick={props.onShowMore}>
          Show more comments
        </button>
      )}
    </section>
  );
}

function CommentItem(props: CommentsPanelProps & { comment: Comment }) {
  const { comment } = props;
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const mine = props.myUid !== undefined && comment.author?.uid === props.myUid;
  const name = comment.author?.displayName || 'Someone';
  if (comment.deleted) return <p className="text-sm italic opacity-60">Comment deleted</p>;
  return (
    <article aria-label={`Comment by ${name}`} className="flex gap-2">
      {comment.author?.photoUrl ? (
        <img src={comment.author.photoUrl} alt="" className="h-8 w-8 rounded-full" referrerPolicy="no-referrer" />
      ) : (
        <span aria-hidden="true" className="bg-base-300 flex h-8 w-8 items-center justify-center rounded-full">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline gap-2 text-sm">
          <span className="font-semibold">{name}</span>
          <button
            type="button"
            className="link link-primary font-mono"
            aria-label={`Play from ${formatTime(comment.momentSeconds)}`}
            onClick={() => props.onSeek(comment.momentSeconds)}
          >
            {formatTime(comment.momentSeconds)}
          </button>
          <time className="opacity-60">{timeOf(comment)}</time>
          {comment.editedAt && <span className="opacity-60">(edited)</span>}
        </div>
        {mode === 'edit' ? (
          <CommentForm
            label="Edit comment"
            initial={comment.text}
            submitLabel="Save"
            onCancel={() => setMode('view')}
            onSubmit={async (text) => {
              const done = await props.onEdit(comment.id, text);
              if (done) setMode('view');
              return done;
            }}
          />
        ) : (
          <CommentText text={comment.text} />
        )}
        <div className="flex gap-2 text-sm">
          {props.canComment && !comment.parentId && mode === 'view' && (
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setMode('reply')}>
              Reply
            </button>
          )}
          {mine && mode === 'view' && (
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setMode('edit')}>
              Edit
            </button>
          )}
          {(mine || props.isOwner) && mode === 'view' && (
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => void props.onDelete(comment.id)}>
              Delete
            </button>
          )}
        </div>
        {mode === 'reply' && (
          <CommentForm
            label="Reply"
            submitLabel="Reply"
            onCancel={() => setMode('view')}
            onSubmit={async (text) => {
              const done = await props.onPost(text, comment.momentSeconds, comment.id);
              if (done) setMode('view');
              return done;
            }}
          />
        )}
      </div>
    </article>
  );
}

function CommentForm(props: {
  label: string;
  initial?: string;
  submitLabel?: string;
  onSubmit(text: string): Promise<boolean>;
  onCancel?(): void;
}) {
  const [text, setText] = useState(props.initial ?? '');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!text.trim()) return;
        setBusy(true);
        const done = await props.onSubmit(text);
        setBusy(false);
        if (done && props.initial === undefined) setText('');
      }}
    >
      <textarea
        aria-label={props.label}
        placeholder={props.label}
        className="textarea textarea-bordered w-full"
        rows={2}
        maxLength={5000}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !text.trim()}>
          {props.submitLabel ?? 'Post'}
        </button>
        {props.onCancel && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CommentsPanel, type CommentsPanelProps } from './comments-panel';
import type { CommentView } from './conversation-views';
import { formatDateTime } from '../primitives';

afterEach(cleanup);

const comment = (over: Partial<CommentView>): CommentView => ({
  id: 'c1',
  parentId: '',
  author: { uid: 'bob', displayName: 'Bob', photoUrl: '' },
  text: '',
  momentSeconds: 3,
  deleted: false,
  replies: [],
  ...over,
});

const props = (over: Partial<CommentsPanelProps>): CommentsPanelProps => ({
  comments: [],
  canComment: true,
  commentsEnabled: true,
  isOwner: false,
  myUid: 'ann',
  currentMoment: () => 3.4,
  onSeek: () => undefined,
  onPost: async () => true,
  onEdit: async () => true,
  onDelete: async () => true,
  ...over,
});

describe('CommentsPanel', () => {
  it('shows markup as text, links with noopener, and seeks to a comment’s moment', async () => {
    const user = userEvent.setup();
    const seeks: number[] = [];
    const text = '<img src=x onerror=alert(1)> see https://example.com/a.';
    const { container } = render(
      <CommentsPanel {...props({ comments: [comment({ text })], onSeek: (s) => seeks.push(s) })} />,
    );
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'https://example.com/a' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    await user.click(screen.getByRole('button', { name: 'Play from 0:03' }));
    expect(seeks).toEqual([3]);
  });

  it('posts at the player’s moment; signed out, asks to sign in', async () => {
    const user = userEvent.setup();
    const posts: [string, number][] = [];
    render(<CommentsPanel {...props({ onPost: async (t, m) => (posts.push([t, m]), true) })} />);
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Nice');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(posts).toEqual([['Nice', 3.4]]);
    cleanup();
    render(
      <CommentsPanel
        {...props({ myUid: undefined, canComment: false, signIn: <a href="/login">Sign in to comment</a> })}
      />,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in to comment' })).toBeTruthy();
  });

  it('offers "Show more comments" only while more follow, and asks for them', async () => {
    const user = userEvent.setup();
    let asked = 0;
    const { rerender } = render(
      <CommentsPanel
        {...props({ comments: [comment({ text: 'first' })], moreComments: true, onShowMore: () => asked++ })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(asked).toBe(1);
    rerender(
      <CommentsPanel
        {...props({ comments: [comment({ text: 'first' })], moreComments: false, onShowMore: () => asked++ })}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Show more comments' })).toBeNull();
  });
});

describe('a comment’s date', () => {
  it('is in the one style every date on screen has (formatDateTime), not the engine’s default', () => {
    const at = new Date(2026, 10, 25, 16, 23);
    render(
      <CommentsPanel
        {...props({ comments: [comment({ text: 'Hi', createdAt: { seconds: BigInt(at.getTime() / 1000) } })] })}
      />,
    );
    expect(screen.getByText(`${formatDateTime(new Date(2026, 10, 25, 16, 23))}`)).toBeTruthy();
  });
});

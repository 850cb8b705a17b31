import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationView, type ConversationViewProps } from './conversation-view';

afterEach(cleanup);

/** The view under a frame holding a <video> at 7 s, as a page puts it under its player. */
function renderView(over: Partial<ConversationViewProps>) {
  const frame = createRef<HTMLDivElement>();
  const reactions: [string, number][] = [];
  const posts: [string, number][] = [];
  render(
    <div ref={frame}>
      <video />
      <ConversationView
        frame={frame}
        markers={[{ momentSeconds: 42, count: 2, label: '2 comments and reactions' }]}
        durationSeconds={100}
        reactionEmoji={['👍', '🎉']}
        onReact={(emoji, at) => reactions.push([emoji, at])}
        signInHref="/login?redirect=%2Fs%2Ftok"
        comments={[]}
        myUid="ann"
        canComment
        commentsEnabled
        isOwner={false}
        onPost={async (text, at) => (posts.push([text, at]), true)}
        onEdit={async () => true}
        onDelete={async () => true}
        {...over}
      />
    </div>,
  );
  const video = document.querySelector('video')!;
  video.currentTime = 7;
  return { video, reactions, posts };
}

describe('ConversationView', () => {
  it("reacts and comments at the player's moment, and a marker seeks the player", async () => {
    const user = userEvent.setup();
    const { video, reactions, posts } = renderView({});
    await user.click(screen.getByRole('button', { name: 'React 🎉' }));
    expect(reactions).toEqual([['🎉', 7]]);
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Nice');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(posts).toEqual([['Nice', 7]]);
    await user.click(screen.getByRole('button', { name: '2 comments and reactions at 0:42' }));
    expect(video.currentTime).toBe(42);
  });

  it('signed out: no reactions, a link to sign in instead of the textbox; the insights above the comments', () => {
    renderView({ myUid: undefined, canComment: false, insights: <p>Owner insights</p> });
    expect((screen.getByRole('button', { name: 'React 👍' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Sign in to comment' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fs%2Ftok',
    );
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    expect(screen.getByText('Owner insights')).toBeTruthy();
  });
});

describe('reactions', () => {
  it('are drawn icons, not emoji text (no font needed), named by their emoji, with their counts', () => {
    renderView({ reactions: [{ emoji: '👍' }, { emoji: '👍' }, { emoji: '🎉' }] });
    const thumbs = screen.getByRole('button', { name: 'React 👍 2' });
    expect(thumbs.querySelector('svg')).not.toBeNull();
    expect(thumbs.textContent).toBe('React 👍2');
    expect(screen.getByRole('button', { name: 'React 🎉 1' }).textContent).toBe('React 🎉1');
  });

  it('signed out: greyed with a hint to sign in to react', () => {
    renderView({ myUid: undefined, canComment: false });
    expect(screen.getByRole('link', { name: 'Sign in to react' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fs%2Ftok',
    );
    renderView({});
    expect(screen.getAllByRole('link', { name: 'Sign in to react' })).toHaveLength(1);
  });

  it('the timeline of moments is a group of buttons, not a list holding buttons (axe: critical)', () => {
    renderView({});
    const timeline = screen.getByRole('group', { name: 'Moments with comments and reactions' });
    expect(timeline.closest('[role=list]')).toBeNull();
  });
});

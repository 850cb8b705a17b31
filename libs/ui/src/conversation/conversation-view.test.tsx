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

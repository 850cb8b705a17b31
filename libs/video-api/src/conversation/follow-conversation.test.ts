import { Code } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import type { ConversationEvent } from '@stream/proto';
import { createFakeConversationService } from '../testing';
import { conversationClient } from './follow-conversation';
import { applyEvent, groupMoments, stateOf } from './conversation-state';
import { followConversation } from './follow-conversation';

const until = async (test: () => boolean) => {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(test()).toBe(true);
};

describe('following a conversation', () => {
  it('applies what another person posts as it happens, and catches up after the stream drops', async () => {
    const fake = createFakeConversationService('ann');
    const client = conversationClient(fake.transport);
    fake.as('ann', 'Ann');
    let state = stateOf(await client.listComments({ videoId: 'v1' }));
    const seen: ConversationEvent[] = [];
    const controller = new AbortController();
    const following = followConversation({
      transport: fake.transport,
      videoId: 'v1',
      cursor: state.cursor,
      signal: controller.signal,
      retryMs: 5,
      onEvent: (event) => {
        seen.push(event);
        state = applyEvent(state, event);
      },
    });
    fake.as('bob', 'Bob');
    const html = '<img src=x onerror=alert(1)>';
    const first = await client.addComment({ videoId: 'v1', text: html, momentSeconds: 3 });
    await until(() => state.comments.length === 1);
    expect(state.comments[0]).toMatchObject({ text: html, momentSeconds: 3 });

    fake.dropStreams();
    await client.addComment({ videoId: 'v1', text: 'a reply', momentSeconds: 4, parentId: first.id });
    await client.addReaction({ videoId: 'v1', emoji: '👍', momentSeconds: 3.2 });
    await until(() => state.reactions.length === 1 && state.comments[0]!.replies.length === 1);
    await client.deleteComment({ commentId: first.id });
    await until(() => state.comments[0]?.deleted === true);
    // The comment keeps its place for its reply; each event applied once.
    expect(state.comments.map((c) => [c.text, c.replies.map((r) => r.text)])).toEqual([['', ['a reply']]]);
    expect(seen.filter((e) => e.event.case === 'commentAdded')).toHaveLength(2);
    controller.abort();
    await following;
  });

  it('reopens at once a stream the server ended as unauthenticated (its ID token expired), and goes on', async () => {
    const fake = createFakeConversationService('ann');
    const client = conversationClient(fake.transport);
    fake.as('ann', 'Ann');
    let state = stateOf(await client.listComments({ videoId: 'v1' }));
    const controller = new AbortController();
    let settled = false;
    const following = followConversation({
      transport: fake.transport,
      videoId: 'v1',
      cursor: state.cursor,
      signal: controller.signal,
      retryMs: 60_000, // a pause would outlast the test: only the immediate reopening is quick
      onEvent: (event) => (state = applyEvent(state, event)),
    }).finally(() => (settled = true));
    await client.addComment({ videoId: 'v1', text: 'before', momentSeconds: 1 });
    await until(() => state.comments.length === 1);
    fake.dropStreams(Code.Unauthenticated);
    await client.addComment({ videoId: 'v1', text: 'after', momentSeconds: 2 });
    await until(() => state.comments.length === 2);
    expect(settled).toBe(false);
    controller.abort();
    await following;
  });

  it('stops with the error when the video is not there for the caller', async () => {
    const fake = createFakeConversationService();
    const failure = await followConversation({
      transport: fake.transport,
      videoId: 'v1',
      cursor: 'nonsense',
      signal: new AbortController().signal,
      onEvent: () => undefined,
    });
    expect(failure?.rawMessage).toMatch(/cursor/);
  });

  it('groups moments close together into one marker', () => {
    expect(groupMoments([3, 1, 3.4, 9], 1)).toEqual([
      { momentSeconds: 1, count: 1 },
      { momentSeconds: 3, count: 2 },
      { momentSeconds: 9, count: 1 },
    ]);
  });
});

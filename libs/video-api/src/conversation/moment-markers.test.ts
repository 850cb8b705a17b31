import { create } from '@bufbuild/protobuf';
import { ConversationEventSchema, ListCommentsResponseSchema, type ConversationEvent } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { createFakeConversationService } from '../testing';
import { applyEvent, momentMarkersOf, stateOf, withPage } from './conversation-state';
import { conversationClient } from './follow-conversation';

const at = (momentSeconds: number, count = 1) => ({ momentSeconds, count });
const event = (value: ConversationEvent['event']) => create(ConversationEventSchema, { cursor: '9', event: value });

describe('momentMarkersOf', () => {
  it("groups the counts within 2% of the video's length into one labelled marker", () => {
    // 100 s: 2 s apart at most share a marker.
    const state = { commentsEnabled: true, momentCounts: [at(10), at(11.5), at(12), at(50), at(90)] };
    expect(momentMarkersOf(state, 100)).toEqual([
      { momentSeconds: 10, count: 3, label: '3 comments and reactions' },
      { momentSeconds: 50, count: 1, label: '1 comment or reaction' },
      { momentSeconds: 90, count: 1, label: '1 comment or reaction' },
    ]);
  });

  it('has no markers without comments or reactions, or while comments are off', () => {
    expect(momentMarkersOf({ commentsEnabled: true, momentCounts: [] }, 60)).toEqual([]);
    expect(momentMarkersOf({ commentsEnabled: false, momentCounts: [at(3, 40)] }, 60)).toEqual([]);
  });

  it("marks the whole video's comments from the first page's counts, not only the comments loaded", async () => {
    // Markers taken from the comments paged in so far would bunch at the start.
    const fake = createFakeConversationService('ann', 600);
    const client = conversationClient(fake.transport);
    fake.as('bob', 'Bob');
    for (const moment of [1, 2, 3, 300, 301, 590])
      await client.addComment({ videoId: 'v1', text: 'hi', momentSeconds: moment });
    await client.addReaction({ videoId: 'v1', emoji: '👍', momentSeconds: 302 });
    const first = await client.listComments({ videoId: 'v1', pageSize: 2 });
    let state = stateOf(first);
    expect(state.comments.map((c) => c.momentSeconds)).toEqual([1, 2]);
    expect(momentMarkersOf(state, 600)).toEqual([
      { momentSeconds: 1, count: 3, label: '3 comments and reactions' },
      { momentSeconds: 300, count: 3, label: '3 comments and reactions' },
      { momentSeconds: 590, count: 1, label: '1 comment or reaction' },
    ]);
    // A later page adds comments to the list, not to the markers (the counts had them already).
    state = withPage(state, await client.listComments({ videoId: 'v1', pageSize: 2, pageToken: first.nextPageToken }));
    expect(momentMarkersOf(state, 600).map((marker) => marker.count)).toEqual([3, 3, 1]);
  });

  it('keeps the counts current with what happens live', () => {
    let state = stateOf(
      create(ListCommentsResponseSchema, {
        commentsEnabled: true,
        comments: [{ id: 'c1', momentSeconds: 12 }],
        momentCounts: [at(12, 5), at(400, 2)],
      }),
    );
    state = applyEvent(state, event({ case: 'reactionAdded', value: { id: 'r1', momentSeconds: 13 } as never }));
    state = applyEvent(state, event({ case: 'commentAdded', value: { id: 'c2', momentSeconds: 200 } as never }));
    state = applyEvent(state, event({ case: 'commentAdded', value: { id: 'c1', momentSeconds: 12 } as never }));
    state = applyEvent(
      state,
      event({ case: 'commentAdded', value: { id: 'c3', parentId: 'c1', momentSeconds: 12 } as never }),
    );
    state = applyEvent(state, event({ case: 'commentDeleted', value: 'c1' }));
    // 12 s: 5, a reaction, the deleted c1 gone; c2 new at 200 s; the repeat of c1 and the reply add nothing.
    expect(momentMarkersOf(state, 600).map(({ momentSeconds, count }) => [momentSeconds, count])).toEqual([
      [12, 5],
      [200, 1],
      [400, 2],
    ]);
    state = applyEvent(state, event({ case: 'commentsEnabled', value: false }));
    expect(momentMarkersOf(state, 600)).toEqual([]);
  });
});

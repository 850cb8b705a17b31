import { create } from '@bufbuild/protobuf';
import { CommentSchema, ListCommentsResponseSchema } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { stateOf, withComment, withPage } from './conversation-state';

const comment = (id: string, momentSeconds: number) => create(CommentSchema, { id, videoId: 'v', momentSeconds });

describe('withPage', () => {
  it('adds the next page in the video order, once each, and keeps where the following page starts', () => {
    let state = stateOf(
      create(ListCommentsResponseSchema, { comments: [comment('a', 1), comment('b', 5)], nextPageToken: 't1' }),
    );
    // A live comment of a later moment arrived before its page did.
    state = { ...state, comments: withComment(state.comments, comment('d', 9)) };
    state = withPage(
      state,
      create(ListCommentsResponseSchema, { comments: [comment('c', 7), comment('d', 9)], nextPageToken: '' }),
    );
    expect(state.comments.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(state.nextPageToken).toBe('');
  });
});

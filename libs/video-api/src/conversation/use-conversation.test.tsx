// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createFakeConversationService } from '../testing';
import { conversationClient } from './follow-conversation';
import { COMMENT_PAGE_SIZE } from './queries';
import { useConversation } from './use-conversation';

describe('useConversation', () => {
  it('loads a busy video 50 comments at a time and shows every one, each once, as "Show more" is pressed', async () => {
    const fake = createFakeConversationService('ann');
    const client = conversationClient(fake.transport);
    fake.as('bob', 'Bob');
    const COUNT = 2 * COMMENT_PAGE_SIZE + 7;
    for (let i = 0; i < COUNT; i++) await client.addComment({ videoId: 'v1', text: `comment ${i}`, momentSeconds: i });
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result, unmount } = renderHook(() => useConversation({ transport: fake.transport, videoId: 'v1' }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.state?.comments).toHaveLength(COMMENT_PAGE_SIZE));
    expect(result.current.state?.moreComments).toBe(true);

    // A comment posted meanwhile, live, at a moment past the first page's: shown once, not twice.
    await client.addComment({ videoId: 'v1', text: 'late', momentSeconds: COUNT + 1 });
    await waitFor(() => expect(result.current.state?.comments).toHaveLength(COMMENT_PAGE_SIZE + 1));

    act(() => result.current.state!.onShowMore());
    await waitFor(() => expect(result.current.state?.comments).toHaveLength(2 * COMMENT_PAGE_SIZE + 1));
    expect(result.current.state?.moreComments).toBe(true);
    act(() => result.current.state!.onShowMore());
    await waitFor(() => expect(result.current.state?.moreComments).toBe(false));
    const texts = result.current.state!.comments.map((comment) => comment.text);
    expect(texts).toEqual([...Array.from({ length: COUNT }, (_, i) => `comment ${i}`), 'late']);
    unmount();
  });
});

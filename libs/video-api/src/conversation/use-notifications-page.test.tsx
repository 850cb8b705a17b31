// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createFakeConversationService } from '../testing';
import { conversationClient } from './follow-conversation';
import { useNotificationsPage } from './use-notifications';

describe('useNotificationsPage', () => {
  it('marks everything read on opening, and keeps the "new" mark of those that were new for this visit', async () => {
    const fake = createFakeConversationService('ann');
    fake.as('bob', 'Bob');
    await conversationClient(fake.transport).addComment({ videoId: 'v1', text: 'Nice', momentSeconds: 1 });
    fake.as('ann', 'Ann');
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result, unmount } = renderHook(() => useNotificationsPage(fake.transport), { wrapper });
    await waitFor(() => expect(fake.notifications.map((n) => n.read)).toEqual([true]));
    await waitFor(() => expect(result.current.unread).toBe(0));
    expect(result.current.list.map((n) => [n.text, n.read])).toEqual([['Nice', false]]);
    unmount();
  });
});

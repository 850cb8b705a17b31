// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { UNREAD_PATH, useUnreadCount } from './use-unread-count';

describe('useUnreadCount', () => {
  it('asks the plain HTTP route with the ID token', async () => {
    const asked: [string, string | null][] = [];
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      asked.push([url, new Headers(init?.headers).get('authorization')]);
      return new Response(JSON.stringify({ unread: 3 }));
    }) as typeof fetch;
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUnreadCount(async () => 'tok', fakeFetch), { wrapper });
    await waitFor(() => expect(result.current).toBe(3));
    expect(asked).toEqual([[UNREAD_PATH, 'Bearer tok']]);
  });
});

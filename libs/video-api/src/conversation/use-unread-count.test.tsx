// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_MAY_CHANGE_EVENT, UNREAD_PATH, useUnreadCount } from './use-unread-count';

describe('useUnreadCount', () => {
  it('asks the plain HTTP route with the ID token', async () => {
    const asked: [string, string | null][] = [];
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      asked.push([url, new Headers(init?.headers).get('authorization')]);
      return new Response(JSON.stringify({ unread: 3 }));
    }) as typeof fetch;
    const getToken = async () => 'tok';
    const { result } = renderHook(() => useUnreadCount(getToken, fakeFetch));
    await waitFor(() => expect(result.current).toBe(3));
    expect(asked).toEqual([[UNREAD_PATH, 'Bearer tok']]);
  });

  it("asks again at once when the page's live stream saw a comment or reaction, not 15 s later", async () => {
    let unread = 0;
    const fakeFetch = (async () => new Response(JSON.stringify({ unread }))) as unknown as typeof fetch;
    const { result } = renderHook(() => useUnreadCount(async () => 'tok', fakeFetch));
    await waitFor(() => expect(result.current).toBe(0));
    unread = 1;
    window.dispatchEvent(new Event(NOTIFICATIONS_MAY_CHANGE_EVENT));
    await waitFor(() => expect(result.current).toBe(1), { timeout: 2_000 });
  });
});

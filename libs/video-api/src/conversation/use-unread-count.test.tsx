// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UNREAD_PATH, useUnreadCount } from './use-unread-count';

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
});

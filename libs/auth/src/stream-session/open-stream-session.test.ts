import { describe, expect, it } from 'vitest';
import { createSession } from '../session/session-store';
import { openStreamSession, streamSessionOnly } from './open-stream-session';
import { LOGOUT_PATH, REFRESH_PATH } from './stream-session-client';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const accessToken = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;

/** The API's session routes: refresh answers `token` (or 401 without one); logout answers `logoutUrl`. */
function fakeServer(token: string | undefined, logoutUrl?: string) {
  const calls: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const path = String(input);
    calls.push(path);
    if (path === REFRESH_PATH)
      return token
        ? Response.json({ accessToken: token, expiresAt: new Date(Date.now() + 300_000).toISOString() })
        : Response.json({ message: 'No session here: sign in' }, { status: 401 });
    if (path === LOGOUT_PATH) return Response.json(logoutUrl ? { logoutUrl } : {});
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { fetcher, calls };
}

describe('openStreamSession', () => {
  it('is null when the browser holds no Stream session (the app then follows Firebase), after one refresh', async () => {
    const server = fakeServer(undefined);
    expect(await openStreamSession({ fetch: server.fetcher, go: () => {} })).toBeNull();
    expect(server.calls).toEqual([REFRESH_PATH]);
  });

  it('with no Firebase on the server, is the signed-out session rather than null: the app follows it all the same', async () => {
    const server = fakeServer(undefined);
    const client = await streamSessionOnly({ fetch: server.fetcher, go: () => {} });
    const session = createSession(client, undefined);
    await session.ready;
    expect(session.isSignedIn()).toBe(false);
    expect(server.calls).toEqual([REFRESH_PATH]);
  });

  it('is the session the callback left: the person of the token, without asking again', async () => {
    const server = fakeServer(accessToken({ sub: 'oidc_1', email: 'ada@example.com', name: 'Ada Lovelace' }));
    const client = await openStreamSession({ fetch: server.fetcher, go: () => {} });
    const session = createSession(client!, undefined);
    await session.ready;
    expect(session.getState().user).toMatchObject({ id: 'oidc_1', name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(server.calls).toEqual([REFRESH_PATH]);
  });

  it("signs out to the provider's logout page when it offers one, else to /login", async () => {
    for (const [logoutUrl, expected] of [
      ['http://127.0.0.1:9/session/end?client_id=x', ['http://127.0.0.1:9/session/end?client_id=x']],
      [undefined, ['/login']],
    ] as const) {
      const gone: string[] = [];
      const server = fakeServer(accessToken({ sub: 'oidc_1' }), logoutUrl);
      const session = createSession(
        (await openStreamSession({ fetch: server.fetcher, go: (url) => gone.push(url) }))!,
        undefined,
      );
      await session.ready;
      await session.logout();
      expect(session.getState()).toEqual({ user: null, token: null });
      expect(server.calls).toContain(LOGOUT_PATH);
      expect(gone).toEqual(expected);
    }
  });
});

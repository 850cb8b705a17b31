import { describe, expect, it } from 'vitest';
import { createSession } from '../session/session-store';
import { createStreamSessionClient, LOGOUT_PATH, REFRESH_PATH } from './stream-session-client';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const accessToken = (claims: object) => `${b64({ alg: 'HS256', kid: 'stream-session' })}.${b64(claims)}.sig`;

/** A server's session routes: each refresh answers the next token; logout answers a provider URL. */
function fakeServer(tokens: string[], options: { expiresInMs?: number; logoutUrl?: string } = {}) {
  const calls: string[] = [];
  let now = Date.UTC(2026, 11, 7, 12);
  const fetcher = (async (input: RequestInfo | URL) => {
    const path = String(input);
    calls.push(path);
    if (path === REFRESH_PATH) {
      const token = tokens.shift();
      return token
        ? Response.json({
            accessToken: token,
            expiresAt: new Date(now + (options.expiresInMs ?? 300_000)).toISOString(),
          })
        : Response.json({ message: 'No session here: sign in' }, { status: 401 });
    }
    if (path === LOGOUT_PATH) return Response.json(options.logoutUrl ? { logoutUrl: options.logoutUrl } : {});
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { fetcher, calls, now: () => now, advance: (ms: number) => (now += ms) };
}

describe('createStreamSessionClient', () => {
  it('restores the session from the refresh cookie: the name and email of the token, through the session store', async () => {
    const server = fakeServer([
      accessToken({ sub: 'oidc_1', email: 'a@example.com', email_verified: true, name: 'Zoë Ünïcode' }),
    ]);
    const session = createSession(createStreamSessionClient({ fetch: server.fetcher, now: server.now }), undefined);
    await session.ready;
    expect(session.getState().user).toEqual({
      id: 'oidc_1',
      email: 'a@example.com',
      name: 'Zoë Ünïcode',
      photoURL: null,
    });
    expect(await session.getToken()).toMatch(/\.sig$/);
    expect(server.calls).toEqual([REFRESH_PATH]);
  });

  it('is signed out when the server has no session for the cookie', async () => {
    const server = fakeServer([]);
    const session = createSession(createStreamSessionClient({ fetch: server.fetcher }), undefined);
    await session.ready;
    expect(session.isSignedIn()).toBe(false);
  });

  it('refreshes a token a minute before its expiry, and only then', async () => {
    const first = accessToken({ sub: 'oidc_1', name: 'A' });
    const second = accessToken({ sub: 'oidc_1', name: 'A', n: 2 });
    const server = fakeServer([first, second]);
    const client = createStreamSessionClient({ fetch: server.fetcher, now: server.now });
    const session = createSession(client, undefined);
    await session.ready;
    expect(await client.getIdToken()).toBe(first);
    server.advance(230_000);
    expect(await client.getIdToken()).toBe(first);
    server.advance(20_000);
    expect(await client.getIdToken()).toBe(second);
    expect(session.getState().token).toBe(second);
    expect(server.calls).toEqual([REFRESH_PATH, REFRESH_PATH]);
  });

  it('refreshes by itself before expiry on a page left open, and so is signed out once the server refuses', async () => {
    const server = fakeServer([accessToken({ sub: 'oidc_1', name: 'A' })]);
    const scheduled: { run: () => void; ms: number }[] = [];
    const client = createStreamSessionClient({
      fetch: server.fetcher,
      now: server.now,
      schedule: (run, ms) => (scheduled.push({ run, ms }), () => undefined),
    });
    const session = createSession(client, undefined);
    await session.ready;
    expect(session.isSignedIn()).toBe(true);
    expect(scheduled.map((next) => next.ms)).toEqual([240_000]);
    server.advance(240_000);
    scheduled[0]!.run(); // the server has no session any more (the directory disabled the person)
    await expect.poll(() => session.isSignedIn()).toBe(false);
    expect(server.calls).toEqual([REFRESH_PATH, REFRESH_PATH]);
    expect(scheduled).toHaveLength(1);
  });

  it('refreshes a short-lived token (SESSION_ACCESS_SECONDS=30) a quarter of its life early, not at every call', async () => {
    const first = accessToken({ sub: 'oidc_1' });
    const second = accessToken({ sub: 'oidc_1', n: 2 });
    const server = fakeServer([first, second], { expiresInMs: 30_000 });
    const scheduled: number[] = [];
    const client = createStreamSessionClient({
      fetch: server.fetcher,
      now: server.now,
      schedule: (_run, ms) => (scheduled.push(ms), () => undefined),
    });
    await createSession(client, undefined).ready;
    expect(scheduled).toEqual([22_500]);
    server.advance(22_000);
    expect(await client.getIdToken()).toBe(first);
    server.advance(500);
    expect(await client.getIdToken()).toBe(second);
    expect(server.calls).toEqual([REFRESH_PATH, REFRESH_PATH]);
  });

  it('signs out: revokes the session and goes to the provider’s logout page', async () => {
    const left: string[] = [];
    const server = fakeServer([accessToken({ sub: 'oidc_1' })], {
      logoutUrl: 'https://id.example.com/logout?client_id=stream',
    });
    const session = createSession(
      createStreamSessionClient({ fetch: server.fetcher, leave: (url) => left.push(url) }),
      undefined,
    );
    await session.ready;
    await session.logout();
    expect(session.isSignedIn()).toBe(false);
    expect(server.calls).toContain(LOGOUT_PATH);
    expect(left).toEqual(['https://id.example.com/logout?client_id=stream']);
  });

  it('refuses what only Firebase does (passwords, popups) with auth/operation-not-allowed', async () => {
    const client = createStreamSessionClient({ fetch: fakeServer([]).fetcher });
    await expect(client.signInWithPassword('a@example.com', 'x')).rejects.toMatchObject({
      code: 'auth/operation-not-allowed',
    });
  });
});

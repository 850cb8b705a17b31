// Nobody can lock a gated link for everyone: wrong passwords from one address, or from a hundred,
// leave a viewer with the right password from another address able to get in (RPC and the page's
// form), and an email gate, with nothing secret to guess, lets every person in. Through the real
// server behind a trusted proxy (TRUST_PROXY), each client its own X-Forwarded-For; both databases,
// since the counts live there.
import { Code, ConnectError } from '@connectrpc/connect';
import { ConversationService, ShareLinkService, VideoService } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNLOCKS_PER_ADDRESS, MAX_WRONG_PER_LINK } from '../../src/sharing/sharing.service';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { serviceClient } from '../support/clients';
import { shareTokenOf } from '../support/share';
import { databaseKinds } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

let emulator: AuthEmulator;
beforeAll(async () => {
  emulator = await startAuthEmulator();
}, 120_000);
afterAll(() => emulator?.stop());

/** The code a call failed with, or 'ok'. */
const outcome = async (call: Promise<unknown>): Promise<Code | 'ok'> => {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return ConnectError.from(error).code;
  }
};

describe.each(databaseKinds)('a gated link cannot be locked for everyone on %s', (databaseKind) => {
  let server: TestServer;
  let owner: TestUser;
  let next = 0;
  /** A client address nobody used before in this suite (198.18.0.0/15, set aside for tests). */
  const freshAddress = () => {
    next++;
    return `198.18.${next >> 8}.${next & 255}`;
  };

  const links = (from: string) =>
    serviceClient(ShareLinkService, server.baseUrl, { headers: { 'x-forwarded-for': from } });
  const videos = (headers: Record<string, string> = {}) => serviceClient(VideoService, server.baseUrl, { headers });
  const asOwner = () => serviceClient(ShareLinkService, server.baseUrl, { token: owner.idToken });

  beforeAll(async () => {
    server = await startTestServer({
      database: databaseKind,
      emulatorHost: emulator.host,
      env: { TRUST_PROXY: '127.0.0.1', FIREBASE_AUTH_EMULATOR_THROUGH_PROXY: 'true' },
    });
    owner = await newTestUser(emulator.host);
  }, 120_000);
  afterAll(() => server?.close());

  /** A shared video whose main link asks `password`; its token. */
  async function guardedLink(title: string, password: string) {
    const owned = serviceClient(VideoService, server.baseUrl, { token: owner.idToken });
    const video = await owned.createVideo({ title, url: 'https://example.com/v.webm' });
    const token = shareTokenOf((await owned.shareVideo({ videoId: video.id })).url);
    await asOwner().updateShareLink({ videoId: video.id, linkId: 'main', password });
    return token;
  }

  const unlock = (from: string, shareToken: string, fields: { password?: string; email?: string }) =>
    links(from).unlockShareLink({ shareToken, ...fields });

  /** The gate's form posted from `from` as a browser without JavaScript does (redirects not followed). */
  const postForm = (token: string, from: string, fields: Record<string, string>) =>
    fetch(new URL(`/s/${token}/unlock`, server.baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
      body: new URLSearchParams(fields).toString(),
    });

  it('51 wrong passwords from one address leave the right one working from another (RPC)', async () => {
    const token = await guardedLink('still open', 'correct horse');
    const attacker = freshAddress();
    const answers: (Code | 'ok')[] = [];
    for (let i = 0; i < 51; i++) answers.push(await outcome(unlock(attacker, token, { password: `guess ${i}` })));
    // The address is refused past its own limit; those refusals charge nothing to the link.
    expect(answers.slice(0, MAX_UNLOCKS_PER_ADDRESS)).toEqual(
      Array(MAX_UNLOCKS_PER_ADDRESS).fill(Code.PermissionDenied),
    );
    expect(new Set(answers.slice(MAX_UNLOCKS_PER_ADDRESS))).toEqual(new Set([Code.ResourceExhausted]));

    const { pass } = await unlock(freshAddress(), token, { password: 'correct horse' });
    expect((await videos({ 'x-share-pass': pass }).getSharedVideo({ shareToken: token })).title).toBe('still open');
  });

  it('51 wrong passwords through the page’s form leave the form working for the right one elsewhere', async () => {
    const token = await guardedLink('form still open', 'battery staple');
    const attacker = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      const answer = await postForm(token, attacker, { password: `guess ${i}` });
      await answer.arrayBuffer();
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, MAX_UNLOCKS_PER_ADDRESS)).toEqual(Array(MAX_UNLOCKS_PER_ADDRESS).fill(403));
    expect(new Set(statuses.slice(MAX_UNLOCKS_PER_ADDRESS))).toEqual(new Set([429]));

    const right = await postForm(token, freshAddress(), { password: 'battery staple' });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe(`/s/${token}`);
    const cookie = right.headers.get('set-cookie')!.split(';')[0]!;
    expect((await videos({ cookie }).getSharedVideo({ shareToken: token })).title).toBe('form still open');
  });

  it('1,000 wrong passwords from 100 addresses: the right one still works from a fresh address, and few guesses were checked', async () => {
    const token = await guardedLink('under siege', 'a long passphrase nobody guesses');
    const attackers = Array.from({ length: 100 }, freshAddress);
    // Round after round, each address one more guess: the order a spread-out guesser would use.
    const tries = Array.from({ length: 1000 }, (_, i) => ({ from: attackers[i % 100]!, password: `guess ${i}` }));
    const answers: (Code | 'ok')[] = [];
    const lanes = Array.from({ length: 8 }, async () => {
      for (let guess = tries.shift(); guess; guess = tries.shift())
        answers.push(await outcome(unlock(guess.from, token, { password: guess.password })));
    });
    await Promise.all(lanes);
    expect(answers).toHaveLength(1000);
    expect(answers.filter((answer) => answer !== Code.PermissionDenied && answer !== Code.ResourceExhausted)).toEqual(
      [],
    );
    // Every address's first guess was checked; past the link's limit, no address got a second.
    const checked = answers.filter((answer) => answer === Code.PermissionDenied).length;
    expect(checked).toBeGreaterThanOrEqual(100);
    expect(checked).toBeLessThanOrEqual(MAX_WRONG_PER_LINK + 100);

    const { pass } = await unlock(freshAddress(), token, { password: 'a long passphrase nobody guesses' });
    expect((await videos({ 'x-share-pass': pass }).getSharedVideo({ shareToken: token })).title).toBe('under siege');
  }, 300_000);

  it('an email gate lets 60 different people in, one after another', async () => {
    const owned = serviceClient(VideoService, server.baseUrl, { token: owner.idToken });
    const video = await owned.createVideo({ title: 'webinar for all', url: 'https://example.com/v.webm' });
    await owned.shareVideo({ videoId: video.id });
    const gated = await asOwner().createShareLink({ videoId: video.id, name: 'Newsletter', emailGate: true });
    const token = shareTokenOf(gated.url);
    for (let person = 1; person <= 60; person++) {
      const { pass } = await unlock(freshAddress(), token, { email: `person${person}@example.com` });
      expect(pass, `person ${person}`).not.toBe('');
    }
    const insights = await serviceClient(ConversationService, server.baseUrl, { token: owner.idToken }).getInsights({
      videoId: video.id,
    });
    expect(insights.emailGateEntries).toBe(60);
  }, 120_000);
});

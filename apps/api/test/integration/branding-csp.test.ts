// The branding logo shows: the pages' Content Security Policy allows the logo's origin in img-src,
// as the current branding says, and nothing else in the policy changes. Through the real server
// on PGlite; the logo's host is only named in headers, never fetched.
import { Code, ConnectError } from '@connectrpc/connect';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../support/admin-clients';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { freePort } from '../support/free-port';
import { shareTokenOf } from '../support/share';
import { startTestServer, type TestServer } from '../support/test-server';

let emulator: AuthEmulator;
let server: TestServer;
let admin: TestUser;
let token: string;

beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
  admin = await newTestUser(emulator.host);
  const videos = videoClient(server.baseUrl, { token: admin.idToken });
  await videos.listVideos({ pageSize: 1 }); // the first account: the admin
  const video = await videos.createVideo({ title: 'Branded', url: 'https://example.com/v.webm' });
  token = shareTokenOf((await videos.shareVideo({ videoId: video.id })).url);
}, 120_000);
afterAll(async () => {
  await server?.close();
  emulator?.stop();
});

/** A page's CSP as directive → sources. */
async function policyOf(path: string) {
  const response = await fetch(new URL(path, server.baseUrl));
  const html = await response.text();
  const header = response.headers.get('content-security-policy') ?? '';
  const directives = new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
  return { html, directives };
}

const setLogo = (logoUrl: string) =>
  adminClient(server.baseUrl, admin.idToken).setBranding({
    branding: { productName: 'Acme', logoUrl, accentColor: '' },
  });

describe('the branding logo and the CSP', () => {
  it('adds the logo’s origin to img-src of every page, changes nothing else, and drops it with the logo', async () => {
    const pages = [`/s/${token}`, `/embed/${token}`, '/'];
    const before = await Promise.all(pages.map(policyOf));
    expect(before[0]!.directives.get('img-src')).toBeDefined();

    const logoOrigin = `https://127.0.0.2:${await freePort()}`;
    const logoUrl = `${logoOrigin}/brand/logo.png`;
    await setLogo(logoUrl);
    for (const [index, path] of pages.entries()) {
      const { html, directives } = await policyOf(path);
      const old = before[index]!.directives;
      expect(directives.get('img-src'), path).toEqual([...old.get('img-src')!, logoOrigin]);
      // As strict as before everywhere else: scripts, frames, connections, media, forms.
      for (const [name, sources] of old)
        if (name !== 'img-src') expect(directives.get(name), `${path} ${name}`).toEqual(sources);
      expect([...directives.keys()]).toEqual([...old.keys()]);
      if (path !== '/') expect(html).toContain(logoUrl);
    }

    await setLogo('');
    const after = await Promise.all(pages.map(policyOf));
    after.forEach((page, index) => expect(page.directives).toEqual(before[index]!.directives));
  });

  it('refuses a logo URL whose host would write another directive into the policy', async () => {
    for (const logoUrl of ['https://cdn.example;script-src.example/logo.png', 'https://a,b.example/logo.png']) {
      const refused = await setLogo(logoUrl).then(
        () => undefined,
        (error: unknown) => ConnectError.from(error),
      );
      expect(refused?.code, logoUrl).toBe(Code.InvalidArgument);
    }
    const { directives } = await policyOf(`/s/${token}`);
    expect(directives.get('script-src')!.some((source) => source.includes('example'))).toBe(false);
  });
});

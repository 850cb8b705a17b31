// What others read of a person and a video, through the real server: a signed-out viewer (and any
// caller but the owner) gets no owner sign-in uid; display names, titles, team and link names
// refuse control characters, direction overrides and invisible-only text with a clear
// InvalidArgument and change nothing; an upload's title from tus metadata is cleaned, and a name
// in the ID token is cleaned the same way.
import { Code, ConnectError } from '@connectrpc/connect';
import { ShareLinkService, Visibility } from '@stream/proto';
import type { AuthEmulator } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClient } from '../support/account-client';
import { startAuthEmulator } from '../support/auth-emulator';
import { serviceClient, videoClient } from '../support/clients';
import { signedInPerson, type Person } from '../support/people';
import { shareTokenOf } from '../support/share';
import { startTestServer, type TestServer } from '../support/test-server';
import { tusClient } from '../support/tus';

let emulator: AuthEmulator;
let server: TestServer;
let ada: Person;
let bob: Person;
beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
  [ada, bob] = await Promise.all([
    signedInPerson(server.baseUrl, emulator.host, 'Ada'),
    signedInPerson(server.baseUrl, emulator.host, 'Bob'),
  ]);
}, 120_000);
afterAll(async () => {
  await server?.close();
  emulator?.stop();
});

const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    const refused = ConnectError.from(error);
    return { code: refused.code, message: refused.rawMessage };
  }
  throw new Error('the call succeeded');
};

const INVISIBLE_ONLY = '\u200B'.repeat(100);
const OVERRIDE = 'Ada\u202Enimda';
const ISOLATE = '\u2066Ada';

describe('the owner’s sign-in uid', () => {
  it('goes to the owner only: not to signed-out viewers of a link or a public video, nor to other people', async () => {
    const shared = await ada.videos.createVideo({ title: 'By link', url: 'https://example.com/v.webm' });
    const token = shareTokenOf((await ada.videos.shareVideo({ videoId: shared.id })).url);
    const open = await ada.videos.createVideo({
      title: 'For all',
      url: 'https://example.com/w.webm',
      visibility: Visibility.PUBLIC,
    });
    const uid = ada.user.uid;
    expect(shared.userId).toBe(uid);

    const signedOut = videoClient(server.baseUrl);
    const holder = videoClient(server.baseUrl, { headers: { 'x-share-token': token } });
    expect((await signedOut.getSharedVideo({ shareToken: token })).userId).toBe('');
    expect((await holder.getVideo({ videoId: shared.id })).userId).toBe('');
    expect((await signedOut.getVideo({ videoId: open.id })).userId).toBe('');
    expect((await bob.videos.getVideo({ videoId: open.id })).userId).toBe('');
    expect((await bob.videos.getSharedVideo({ shareToken: token })).userId).toBe('');
    // The bytes on the wire too (proto3 JSON leaves an empty string out).
    const raw = await fetch(new URL('/videoservice.VideoService/GetSharedVideo', server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shareToken: token }),
    });
    expect(await raw.text()).not.toContain(uid);

    expect((await ada.videos.getVideo({ videoId: open.id })).userId).toBe(uid);
    expect((await ada.videos.getSharedVideo({ shareToken: token })).userId).toBe(uid);
  });
});

describe('display names', () => {
  it('refuses invisible-only names, direction overrides and isolates, and control characters, keeping the name', async () => {
    const account = accountClient(server.baseUrl, bob.user.idToken);
    await account.updateProfile({ displayName: 'Bob Builder' });
    const cases: [string, RegExp][] = [
      [INVISIBLE_ONLY, /^Display name must contain a visible character/],
      ['\uFEFF\u200D \u2060', /^Display name must contain a visible character/],
      [OVERRIDE, /^Display name must not contain text-direction overrides or isolates/],
      [ISOLATE, /^Display name must not contain text-direction overrides or isolates/],
      ['Bob\u0007', /^Display name must not contain control characters/],
      ['Bob\u009B', /^Display name must not contain control characters/],
    ];
    for (const [displayName, message] of cases) {
      const refused = await refusal(account.updateProfile({ displayName }));
      expect(refused.code, JSON.stringify(displayName)).toBe(Code.InvalidArgument);
      expect(refused.message).toMatch(message);
    }
    expect((await account.getAccount({})).displayName).toBe('Bob Builder');
  });

  it('cleans a name from the sign-in provider by the same rule', async () => {
    const spoofer = await signedInPerson(server.baseUrl, emulator.host, `Eve\u202Eevil\u200B`);
    const account = await accountClient(server.baseUrl, spoofer.user.idToken).getAccount({});
    expect(account.displayName).toBe('Eveevil\u200B');
  });
});

describe('titles and names of things', () => {
  it('CreateVideo and UpdateVideo refuse control characters and the rest, and change nothing', async () => {
    const before = (await bob.videos.listVideos({})).videos.length;
    for (const title of ['Bell\u0007', 'Two\nlines', 'C1\u0085', 'DEL\u007F', OVERRIDE, INVISIBLE_ONLY]) {
      const refused = await refusal(bob.videos.createVideo({ title }));
      expect(refused.code, JSON.stringify(title)).toBe(Code.InvalidArgument);
      expect(refused.message).toMatch(/^title must (not contain|contain a visible)/);
    }
    expect((await bob.videos.listVideos({})).videos).toHaveLength(before);
    const video = await bob.videos.createVideo({ title: 'Kept' });
    const refused = await refusal(bob.videos.updateVideo({ videoId: video.id, title: 'Tab\there' }));
    expect(refused).toEqual({
      code: Code.InvalidArgument,
      message: 'title must not contain control characters (tabs, line breaks)',
    });
    expect((await bob.videos.getVideo({ videoId: video.id })).title).toBe('Kept');
  });

  it('an upload’s title in its tus metadata is cleaned, and named by default when nothing visible is left', async () => {
    const tus = tusClient(server.baseUrl, bob.user.idToken);
    const cleaned = await tus.create({ title: 'Demo\u0007 day\u202E' });
    expect(cleaned.status).toBe(201);
    const id = cleaned.headers.get('stream-video-id')!;
    expect((await bob.videos.getVideo({ videoId: id })).title).toBe('Demo day');
    const blank = await tus.create({ title: INVISIBLE_ONLY });
    const named = await bob.videos.getVideo({ videoId: blank.headers.get('stream-video-id')! });
    expect(named.title).not.toBe('');
    expect(named.title).not.toContain('\u200B');
  });

  it('team names and link names follow the same rule', async () => {
    for (const name of [INVISIBLE_ONLY, OVERRIDE, 'Team\u0085']) {
      const refused = await refusal(bob.teams.createTeam({ name }));
      expect(refused.code, JSON.stringify(name)).toBe(Code.InvalidArgument);
      expect(refused.message).toMatch(/^name must/);
    }
    expect((await bob.teams.listMyTeams({})).teams).toEqual([]);

    const video = await bob.videos.createVideo({ title: 'Linked' });
    await bob.videos.shareVideo({ videoId: video.id });
    const links = serviceClient(ShareLinkService, server.baseUrl, { token: bob.user.idToken });
    const refused = await refusal(links.createShareLink({ videoId: video.id, name: ISOLATE }));
    expect(refused.code).toBe(Code.InvalidArgument);
    expect(refused.message).toMatch(/^A link’s name must not contain text-direction overrides/);
    expect((await links.listShareLinks({ videoId: video.id })).links.map((link) => link.name)).toEqual(['']);
  });
});

// UpdateVideos answers each video as GetVideo would to the same caller: the web app puts the answer
// in its cache of the video's page, where an owner's video that came back without its user_id
// lost its owner's tools (tags, share, edit) after a tag was added.
import type { AuthEmulator } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { libraryClient } from '../support/library-client';
import { startTestServer, type TestServer } from '../support/test-server';

let emulator: AuthEmulator;
let server: TestServer;
beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe('UpdateVideos answers as GetVideo does', () => {
  it("gives the owner their videos' user_id, as GetVideo does, after tagging and moving", async () => {
    const owner = await newTestUser(emulator.host);
    const videos = videoClient(server.baseUrl, { token: owner.idToken });
    const library = libraryClient(server.baseUrl, owner.idToken);
    const made = await videos.createVideo({ title: 'Budget review', description: '' });
    const folder = await library.createFolder({ name: 'Launch' });

    const tagged = await library.updateVideos({ videoIds: [made.id], addTags: ['finance'] });
    const moved = await library.updateVideos({ videoIds: [made.id], folderId: folder.id });
    const got = await videos.getVideo({ videoId: made.id });

    expect(got.userId).toBe(owner.uid);
    expect(tagged.videos.map((video) => video.userId)).toEqual([owner.uid]);
    expect(moved.videos.map((video) => video.userId)).toEqual([owner.uid]);
    expect(tagged.videos[0]!.tags).toEqual(['finance']);
  });
});

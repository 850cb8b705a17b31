// A new display name reaches what the person made and wrote before: their videos' byline (and
// link preview), their old comments and reactions, and the notifications those raised.
import type { AuthEmulator } from '@stream/auth/testing';
import { REACTION_EMOJI, Visibility } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClient } from '../support/account-client';
import { startAuthEmulator } from '../support/auth-emulator';
import { signedInPerson } from '../support/people';
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

describe('a new display name', () => {
  it("reaches the owner's byline, old comments and reactions, and the notifications they raised", async () => {
    const ann = await signedInPerson(server.baseUrl, emulator.host, 'Ann Old');
    const bob = await signedInPerson(server.baseUrl, emulator.host, 'Bob Old');
    const video = await ann.videos.createVideo({
      title: 'Demo',
      url: 'https://example.com/demo.mp4',
      visibility: Visibility.PUBLIC,
    });
    await bob.talk().addComment({ videoId: video.id, text: 'Nice', momentSeconds: 1 });
    await bob.talk().addReaction({ videoId: video.id, emoji: REACTION_EMOJI[0]!, momentSeconds: 2 });
    await ann.talk().addComment({ videoId: video.id, text: 'Thanks', momentSeconds: 3 });

    await accountClient(server.baseUrl, ann.user.idToken).updateProfile({ displayName: 'Ann New' });
    await accountClient(server.baseUrl, bob.user.idToken).updateProfile({ displayName: 'Bob New' });

    expect((await bob.videos.getVideo({ videoId: video.id })).ownerName).toBe('Ann New');
    const listed = await bob.talk().listComments({ videoId: video.id });
    expect(listed.comments.map((c) => [c.text, c.author?.displayName])).toEqual([
      ['Nice', 'Bob New'],
      ['Thanks', 'Ann New'],
    ]);
    expect(listed.reactions.map((r) => r.author?.displayName)).toEqual(['Bob New']);
    const notes = await ann.talk().listNotifications({});
    expect(new Set(notes.notifications.map((n) => n.actor?.displayName))).toEqual(new Set(['Bob New']));
    const preview = await fetch(`${server.baseUrl}/watch/${video.id}`).then((r) => r.text());
    expect(preview).toContain('Ann New');
    expect(preview).not.toContain('Ann Old');
  });
});

// The owner's insights count every viewer a view was recorded for: a signed-out viewer whose
// playback report never arrived (the tab closed after 3 s) is still a unique viewer, once.
import type { AuthEmulator } from '@stream/auth/testing';
import { Visibility } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { conversationClient } from '../support/conversation-client';
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

describe('insights of signed-out viewers', () => {
  it('count a viewer known only by their view, and one with a view and playback, once each', async () => {
    const owner = await signedInPerson(server.baseUrl, emulator.host, 'Ann Owner');
    const video = await owner.videos.createVideo({
      title: 'Demo',
      url: 'https://example.com/demo.mp4',
      visibility: Visibility.PRIVATE,
    });
    await server.database.db.updateTable('videos').set({ duration_seconds: 10 }).where('id', '=', video.id).execute();
    const shareToken = new URL((await owner.videos.shareVideo({ videoId: video.id })).url).pathname.split('/').pop()!;
    const signedOut = videoClient(server.baseUrl, { headers: { 'x-share-token': shareToken } });
    const talk = conversationClient(server.baseUrl, { shareToken });

    // Browser 1 watched 3 s and its report arrived; browser 2's report was lost with its tab.
    await signedOut.recordView({ videoId: video.id, viewerId: 'browser-one' });
    await talk.recordPlayback({
      videoId: video.id,
      viewerId: 'browser-one',
      sessionId: 'page-one-1',
      ranges: [{ startSeconds: 0, endSeconds: 3 }],
    });
    await signedOut.recordView({ videoId: video.id, viewerId: 'browser-two' });

    const insights = await owner.talk().getInsights({ videoId: video.id });
    expect(insights.views).toBe(2n);
    expect(insights.uniqueViewers).toBe(2);
    expect(insights.averageShareWatched).toBeCloseTo(0.3);
    expect(insights.retention[0]).toMatchObject({ viewers: 1 });
  });
});

// A named link ends at its expiry as the main link does: both are rows of share_links with one
// expires_at. No RPC sets a named link's expiry yet, so the row is changed directly, as an import
// or a later setting would leave it.
import { Code } from '@connectrpc/connect';
import { ShareLinkService, VideoService, Visibility } from '@stream/proto';
import { codeOf } from '@stream/video-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients';
import { shareTokenOf } from '../support/share';
import { newTestUser } from '../support/test-tokens';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ database: 'pglite' });
}, 120_000);
afterAll(() => server?.close());

describe('a named link with an expiry', () => {
  it('opens the video until then and nothing after, while the main link and another named link still do', async () => {
    const owner = await newTestUser();
    const asOwner = { token: owner.idToken };
    const videos = (options: { token?: string; headers?: Record<string, string> } = {}) =>
      serviceClient(VideoService, server.baseUrl, options);
    const links = serviceClient(ShareLinkService, server.baseUrl, asOwner);
    const video = await videos(asOwner).createVideo({ title: 'Until Friday', url: 'https://example.com/v.mp4' });
    await videos(asOwner).updateVideo({ videoId: video.id, visibility: Visibility.SHARED });
    const main = shareTokenOf((await videos(asOwner).shareVideo({ videoId: video.id })).url);
    const dana = await links.createShareLink({ videoId: video.id, name: 'Dana' });
    const eve = await links.createShareLink({ videoId: video.id, name: 'Eve' });
    const [danaToken, eveToken] = [shareTokenOf(dana.url), shareTokenOf(eve.url)];
    const opens = async (token: string) => {
      const code = await codeOf(videos().getSharedVideo({ shareToken: token }));
      return code ?? 'ok';
    };

    const setExpiry = (at: Date) =>
      server.database.db.updateTable('share_links').set({ expires_at: at }).where('token', '=', danaToken).execute();
    await setExpiry(new Date(Date.now() + 60_000));
    expect(await opens(danaToken)).toBe('ok');

    await setExpiry(new Date(Date.now() - 1_000));
    expect(await opens(danaToken)).toBe(Code.NotFound);
    expect((await fetch(`${server.baseUrl}/s/${danaToken}`)).status).toBe(404);
    expect(await opens(eveToken)).toBe('ok');
    expect(await opens(main)).toBe('ok');
  });
});

import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { VideoService, Visibility } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { SHARE_TOKEN_HEADER } from '../videos/queries';
import { VIEW_WINDOW_MS, createFakeVideoService } from './fake-video-service';

const DAY = 24 * 60 * 60;

function setup(visibility = Visibility.PRIVATE) {
  let time = Date.UTC(2026, 5, 1);
  const fake = createFakeVideoService({
    userId: 'owner',
    now: () => time,
    videos: [{ id: 'v', title: 'Demo', visibility }],
  });
  const client = createClient(VideoService, fake.transport);
  const tokenOf = (url: string) => url.split('/s/')[1] ?? '';
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => Code.Unknown + 100,
      (e: unknown) => ConnectError.from(e).code,
    );
  return { fake, client, tokenOf, codeOf, advance: (ms: number) => (time += ms) };
}

describe("the fake service's share links", () => {
  it('shares a PRIVATE video as SHARED with a link that reads it signed out, until it expires', async () => {
    const { fake, client, tokenOf, codeOf, advance } = setup();
    const shared = await client.shareVideo({ videoId: 'v', expireAfterSeconds: BigInt(DAY) });
    expect(shared.visibility).toBe(Visibility.SHARED);
    expect(shared.expiresAt).toBeDefined();
    fake.setCaller(undefined);
    expect((await client.getSharedVideo({ shareToken: tokenOf(shared.url) })).title).toBe('Demo');
    advance(DAY * 1000);
    expect(await codeOf(client.getSharedVideo({ shareToken: tokenOf(shared.url) }))).toBe(Code.NotFound);
  });

  it('keeps the link across calls, kills it while PRIVATE, and replaces it on reset', async () => {
    const { client, tokenOf, codeOf } = setup();
    const first = tokenOf((await client.shareVideo({ videoId: 'v' })).url);
    expect(tokenOf((await client.shareVideo({ videoId: 'v', expireAfterSeconds: 0n })).url)).toBe(first);
    await client.updateVideo({ videoId: 'v', title: 'Demo', visibility: Visibility.PRIVATE });
    expect(await codeOf(client.getSharedVideo({ shareToken: first }))).toBe(Code.NotFound);
    await client.shareVideo({ videoId: 'v' });
    expect((await client.getSharedVideo({ shareToken: first })).id).toBe('v');
    const second = tokenOf((await client.shareVideo({ videoId: 'v', newLink: true })).url);
    expect(second).not.toBe(first);
    expect(await codeOf(client.getSharedVideo({ shareToken: first }))).toBe(Code.NotFound);
    expect((await client.getSharedVideo({ shareToken: second })).id).toBe('v');
  });

  it('refuses a negative expiry and changes nothing', async () => {
    const { fake, client, codeOf } = setup();
    expect(await codeOf(client.shareVideo({ videoId: 'v', expireAfterSeconds: -1n }))).toBe(Code.InvalidArgument);
    expect(fake.videos.get('v')?.visibility).toBe(Visibility.PRIVATE);
    expect(fake.shareTokenOf('v')).toBeUndefined();
  });

  it('reads a SHARED video by GetVideo with the token header only, and a PUBLIC one signed out', async () => {
    const { fake, client, tokenOf, codeOf } = setup();
    const token = tokenOf((await client.shareVideo({ videoId: 'v' })).url);
    fake.setCaller(undefined);
    expect(await codeOf(client.getVideo({ videoId: 'v' }))).toBe(Code.Unauthenticated);
    expect(await codeOf(client.getVideo({ videoId: 'v' }, { headers: { [SHARE_TOKEN_HEADER]: 'wrong' } }))).toBe(
      Code.NotFound,
    );
    expect((await client.getVideo({ videoId: 'v' }, { headers: { [SHARE_TOKEN_HEADER]: token } })).id).toBe('v');
    fake.update('v', { visibility: Visibility.PUBLIC });
    expect((await client.getVideo({ videoId: 'v' })).id).toBe('v');
    expect(await codeOf(client.listVideos({}))).toBe(Code.Unauthenticated);
  });
});

describe("the fake service's initial links", () => {
  it('starts with the links it is given, expiry included', async () => {
    let time = 1000;
    const fake = createFakeVideoService({
      now: () => time,
      videos: [{ id: 'v', visibility: Visibility.SHARED }],
      shareLinks: [{ videoId: 'v', token: 'tok', expiresAtMs: 2000 }],
    });
    const client = createClient(VideoService, fake.transport);
    expect((await client.getSharedVideo({ shareToken: 'tok' })).id).toBe('v');
    time = 2000;
    await expect(client.getSharedVideo({ shareToken: 'tok' })).rejects.toMatchObject({ code: Code.NotFound });
  });
});

describe("the fake service's views", () => {
  it('counts a viewer once per hour, never the owner', async () => {
    const { fake, client, advance, codeOf } = setup(Visibility.PUBLIC);
    expect((await client.recordView({ videoId: 'v', viewerId: 'owner-browser' })).viewCount).toBe(0n);
    fake.setCaller(undefined);
    expect((await client.recordView({ videoId: 'v', viewerId: 'a' })).viewCount).toBe(1n);
    expect((await client.recordView({ videoId: 'v', viewerId: 'a' })).viewCount).toBe(1n);
    expect((await client.recordView({ videoId: 'v', viewerId: 'b' })).viewCount).toBe(2n);
    advance(VIEW_WINDOW_MS);
    expect((await client.recordView({ videoId: 'v', viewerId: 'a' })).viewCount).toBe(3n);
    for (const viewerId of ['', ' ', 'a/b', 'x'.repeat(65)]) {
      expect(await codeOf(client.recordView({ videoId: 'v', viewerId }))).toBe(Code.InvalidArgument);
    }
    expect(fake.videos.get('v')?.viewCount).toBe(3n);
  });

  it('counts a signed-in viewer by uid, whatever browser id they send', async () => {
    const { fake, client } = setup(Visibility.PUBLIC);
    fake.setCaller('someone');
    expect((await client.recordView({ videoId: 'v', viewerId: '' })).viewCount).toBe(1n);
    expect((await client.recordView({ videoId: 'v', viewerId: 'other-browser' })).viewCount).toBe(1n);
  });

  it('does not count a view of a video the viewer may not read', async () => {
    const { fake, client, codeOf } = setup(Visibility.SHARED);
    fake.setCaller(undefined);
    expect(
      await codeOf(client.recordView({ videoId: 'v', viewerId: 'a' }, { headers: { [SHARE_TOKEN_HEADER]: 'guess' } })),
    ).toBe(Code.NotFound);
    expect(fake.videos.get('v')?.viewCount).toBe(0n);
  });
});

import { createClient } from '@connectrpc/connect';
import { VideoService, Visibility } from '@stream/proto';
import { createFakeVideoService } from '@stream/video-api/testing';
import { describe, expect, it } from 'vitest';
import { changeWhoCanWatch, mintSharedLink } from './share-link.ts';

function service() {
  const fake = createFakeVideoService();
  const video = fake.add({ title: 'Kept title', description: 'Kept words', visibility: Visibility.PRIVATE });
  return { fake, video, videos: createClient(VideoService, fake.transport) };
}

describe('mintSharedLink', () => {
  it('answers the link and leaves a private recording private (the default the server gave it holds)', async () => {
    const { fake, video, videos } = service();
    const link = await mintSharedLink(videos, video.id);
    expect(link).toEqual({ url: expect.stringContaining('/s/'), visibility: 'private' });
    expect(fake.videos.get(video.id)?.visibility).toBe(Visibility.PRIVATE);
    expect(fake.calls).toEqual([{ method: 'shareVideo', request: expect.objectContaining({ keepVisibility: true }) }]);
  });

  it('leaves a recording created "Anyone with the link" or Public as it is', async () => {
    const { fake, videos } = service();
    const shared = fake.add({ visibility: Visibility.SHARED });
    const open = fake.add({ visibility: Visibility.PUBLIC });
    expect((await mintSharedLink(videos, shared.id)).visibility).toBe('shared');
    expect((await mintSharedLink(videos, open.id)).visibility).toBe('public');
  });

  it('applies a default other than what sharing left, by a visibility-only update', async () => {
    const { fake, video, videos } = service();
    const link = await mintSharedLink(videos, video.id, 'public');
    expect(link.visibility).toBe('public');
    expect(fake.videos.get(video.id)?.visibility).toBe(Visibility.PUBLIC);
    expect(fake.calls.map((call) => call.method)).toEqual(['shareVideo', 'updateVideo']);
    expect(fake.shareTokenOf(video.id)).toBeDefined();
  });

  it('sends no update when the default is what sharing left', async () => {
    const { fake, video, videos } = service();
    await mintSharedLink(videos, video.id, 'private');
    expect(fake.calls.map((call) => call.method)).toEqual(['shareVideo']);
  });
});

describe('changeWhoCanWatch', () => {
  it('changes the visibility alone (update_mask "visibility"): title and description stay', async () => {
    const { fake, video, videos } = service();
    expect(await changeWhoCanWatch(videos, video.id, 'public')).toBe('public');
    const saved = fake.videos.get(video.id)!;
    expect([saved.visibility, saved.title, saved.description]).toEqual([Visibility.PUBLIC, 'Kept title', 'Kept words']);
    expect(fake.calls.at(-1)?.request).toMatchObject({ updateMask: { paths: ['visibility'] } });
  });

  it('rejects when the server refuses (another user’s video)', async () => {
    const { fake, videos } = service();
    const theirs = fake.add({ userId: 'someone-else' });
    await expect(changeWhoCanWatch(videos, theirs.id, 'public')).rejects.toThrow(/not found/);
  });
});

import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { VideoService, Visibility } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { createFakeVideoService } from './fake-video-service';
import { updateVideoMaskContract } from './update-video-contract';

describe('createFakeVideoService', () => {
  it('rejects page bounds the real service rejects, and changes nothing', async () => {
    const fake = createFakeVideoService({ videos: [{}] });
    const client = createClient(VideoService, fake.transport);
    for (const req of [{ pageSize: -1 }, { pageNumber: -1 }]) {
      const error = await client.listVideos(req).catch((e: unknown) => e);
      expect(ConnectError.from(error).code).toBe(Code.InvalidArgument);
    }
    expect(fake.videos.size).toBe(1);
  });

  it('caps a page size above 100 as the real service does (apps/api video-rpc.test), not refusing it', async () => {
    const fake = createFakeVideoService({ videos: Array.from({ length: 101 }, () => ({})) });
    const client = createClient(VideoService, fake.transport);
    const page = await client.listVideos({ pageSize: 101 });
    expect(page.videos).toHaveLength(100);
    expect(page.nextPageNumber).toBe(1);
  });

  it("lists only the caller's videos and hides others' private ones", async () => {
    const fake = createFakeVideoService({
      userId: 'me',
      videos: [
        { id: 'mine' },
        { id: 'their-private', userId: 'x' },
        { id: 'their-public', userId: 'x', visibility: Visibility.PUBLIC },
      ],
    });
    const client = createClient(VideoService, fake.transport);
    expect((await client.listVideos({})).videos.map((v) => v.id)).toEqual(['mine']);
    expect((await client.getVideo({ videoId: 'their-public' })).id).toBe('their-public');
    await expect(client.getVideo({ videoId: 'their-private' })).rejects.toMatchObject({ code: Code.NotFound });
    await expect(client.deleteVideo({ videoId: 'their-public' })).rejects.toMatchObject({ code: Code.NotFound });
    expect(fake.videos.has('their-public')).toBe(true);
  });

  it('fails a method on demand until told to succeed', async () => {
    const fake = createFakeVideoService({ videos: [{ id: 'a' }] });
    const client = createClient(VideoService, fake.transport);
    fake.fail('getVideo', new ConnectError('slow', Code.DeadlineExceeded));
    await expect(client.getVideo({ videoId: 'a' })).rejects.toMatchObject({ code: Code.DeadlineExceeded });
    fake.succeed('getVideo');
    expect((await client.getVideo({ videoId: 'a' })).id).toBe('a');
  });
});

describe('the fake’s UpdateVideo honours update_mask as the server does', () => {
  updateVideoMaskContract(() => createClient(VideoService, createFakeVideoService().transport));
});

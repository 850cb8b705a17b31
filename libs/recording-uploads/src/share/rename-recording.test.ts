import { createClient } from '@connectrpc/connect';
import { VideoService, Visibility } from '@stream/proto';
import { createFakeVideoService } from '@stream/video-api/testing';
import { describe, expect, it } from 'vitest';
import { renameRecording } from './rename-recording.ts';

describe('renameRecording', () => {
  it('changes the title alone (update_mask "title"): who can watch and the description stay', async () => {
    const fake = createFakeVideoService();
    const video = fake.add({ title: 'Recording 7 Dec', description: 'Kept words', visibility: Visibility.SHARED });
    const videos = createClient(VideoService, fake.transport);
    expect(await renameRecording(videos, video.id, 'Budget review')).toBe('Budget review');
    const saved = fake.videos.get(video.id)!;
    expect([saved.title, saved.visibility, saved.description]).toEqual([
      'Budget review',
      Visibility.SHARED,
      'Kept words',
    ]);
    expect(fake.calls.at(-1)?.request).toMatchObject({ updateMask: { paths: ['title'] } });
  });
});

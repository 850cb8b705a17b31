import type { Client } from '@connectrpc/connect';
import type { VideoService } from '@stream/proto';

type Videos = Pick<Client<typeof VideoService>, 'updateVideo'>;

/**
 * Names a recording's video at Stop: UpdateVideo with an update_mask of `title` only, so who can
 * watch and the description stay as they are. Answers the title the server saved.
 */
export async function renameRecording(videos: Videos, videoId: string, title: string): Promise<string> {
  const saved = await videos.updateVideo({ videoId, title, updateMask: { paths: ['title'] } });
  return saved.title;
}

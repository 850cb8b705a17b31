import type { StoredVideo } from '../services/video.mapper';
import type { VideoLinks } from './video-links';

/** The `video` of an upload's JSON answer: the Video message's fields, in JSON. */
export function toUploadedVideoJson(video: StoredVideo, links: VideoLinks) {
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    userId: video.userId,
    url: links.streamUrl(video),
    thumbnailUrl: links.thumbnailUrl(video),
    status: `STATUS_${video.status}`,
    visibility: `VISIBILITY_${video.visibility}`,
    createdAt: video.createdAt.toISOString(),
    sizeBytes: String(video.sizeBytes),
  };
}

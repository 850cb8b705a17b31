import type { VideoRow } from '../db/video.table';
import type { Video } from './video';

export interface StoredVideo extends Video {
  videoKey?: string;
  thumbnailKey?: string;
  shareToken?: string;
}

export function toVideo(row: VideoRow): StoredVideo {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    status: row.status,
    visibility: row.visibility,
    hasVideoBlob: row.video_key !== null,
    hasThumbnail: row.thumbnail_key !== null,
    sourceUrl: row.source_url ?? undefined,
    durationSeconds: row.duration_seconds ?? 0,
    sizeBytes: row.size_bytes === null ? 0 : Number(row.size_bytes),
    failureReason: row.failure_reason ?? '',
    createdAt: row.created_at,
    videoKey: row.video_key ?? undefined,
    thumbnailKey: row.thumbnail_key ?? undefined,
    shareToken: row.share_token ?? undefined,
  };
}

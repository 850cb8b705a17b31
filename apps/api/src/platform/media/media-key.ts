import { randomBytes } from 'node:crypto';
import type { MediaKind } from '../../videos/media-asset.table';

const extensions: Record<string, string> = {
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
  'image/jpeg': 'jpg',
  'text/vtt': 'vtt',
};

/**
 * A new, never-used key for one version of an asset: `videos/<id>/<kind>-<random>.<ext>`. Keys
 * are never written twice, so a reader never sees a half-written version and a cache can keep a
 * key's bytes forever.
 */
export function newMediaKey(videoId: string, kind: MediaKind, contentType: string): string {
  const safeId = videoId.replace(/[^\w-]/g, '_');
  return `videos/${safeId}/${kind}-${randomBytes(12).toString('base64url')}.${extensions[contentType] ?? 'bin'}`;
}

/**
 * Where a video's resumable upload (tus) waits in S3 mode while it arrives: @tus/s3-store
 * keeps the multipart upload (the whole object once complete) at `uploads/<id>`, its length and
 * metadata at `uploads/<id>.info` and bytes short of S3's 5 MiB part minimum at `uploads/<id>.part`.
 * Outside `videos/`, so the store's sweep of unowned versions never takes an upload in progress.
 */
export const RESUMABLE_UPLOAD_PREFIX = 'uploads/';

/** The key of the resumable upload of `videoId` (see RESUMABLE_UPLOAD_PREFIX). */
export function resumableUploadKey(videoId: string): string {
  return `${RESUMABLE_UPLOAD_PREFIX}${videoId.replace(/[^\w-]/g, '_')}`;
}

/** Every object @tus/s3-store may keep for the resumable upload of `videoId`. */
export function resumableUploadObjects(videoId: string): string[] {
  const key = resumableUploadKey(videoId);
  return [key, `${key}.info`, `${key}.part`];
}

/** The video whose resumable upload a key under RESUMABLE_UPLOAD_PREFIX belongs to; undefined for any other key. */
export function videoOfResumableUploadKey(key: string): string | undefined {
  if (!key.startsWith(RESUMABLE_UPLOAD_PREFIX)) return undefined;
  const name = key.slice(RESUMABLE_UPLOAD_PREFIX.length).replace(/\.(info|part)$/, '');
  return /^[\w-]+$/.test(name) ? name : undefined;
}

/**
 * A key of its own for one write probe (MediaService.probeWrite), outside `videos/`. Probes never
 * share a key: two APIs of a cluster probing one key at once race each other's delete, which s3rver
 * (and any store without atomic writes) turns into a failed read.
 */
export function newWriteProbeKey(): string {
  return `health/write-probe-${randomBytes(12).toString('base64url')}`;
}

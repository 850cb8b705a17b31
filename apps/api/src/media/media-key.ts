import { randomBytes } from 'node:crypto';
import type { MediaKind } from '../db/media-asset.table';

const extensions: Record<string, string> = { 'video/webm': 'webm', 'image/jpeg': 'jpg', 'text/vtt': 'vtt' };

/**
 * A new, never-used key for one version of an asset: `videos/<id>/<kind>-<random>.<ext>`. Keys
 * are never written twice, so a reader never sees a half-written version and a cache can keep a
 * key's bytes forever.
 */
export function newMediaKey(videoId: string, kind: MediaKind, contentType: string): string {
  const safeId = videoId.replace(/[^\w-]/g, '_');
  return `videos/${safeId}/${kind}-${randomBytes(12).toString('base64url')}.${extensions[contentType] ?? 'bin'}`;
}

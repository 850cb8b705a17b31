import { linkWorks } from '../access';
import type { SharingService } from './sharing.service';
import { AppError } from '../platform/app-error';
import type { StoredVideo } from '../videos';
import type { VideoService } from '../videos';

/** The pages a video is watched on: a share link's, a public video's, and a share link's embed. */
export type WatchPageKind = 's' | 'watch' | 'embed';

export interface PageVideo {
  video: StoredVideo;
  /** The link's token (for the embed), when it works. */
  shareToken?: string;
}

const MAX_KEY_LENGTH = 128;

/** A working link that asks a password or an email first: its page says nothing of the video. */
export const LOCKED = 'locked';

/**
 * The video a watch page shows to someone signed out (a page load carries no ID token): a working
 * share link's, or a PUBLIC video's; undefined for anything else, alike. A gated link is LOCKED
 * whatever pass the request carries: the page's HTML (what link previews read) never names the video.
 */
export async function findPageVideo(
  deps: { videos: VideoService; sharing: SharingService },
  kind: WatchPageKind,
  key: string,
): Promise<PageVideo | typeof LOCKED | undefined> {
  if (!key || key.length > MAX_KEY_LENGTH || key.includes('\0')) return undefined;
  try {
    if (kind === 'watch') {
      const video = await deps.videos.get(undefined, key);
      return { video, shareToken: linkWorks(video) ? video.shareToken : undefined };
    }
    return { video: await deps.sharing.getShared(undefined, key), shareToken: key };
  } catch (error) {
    if (error instanceof AppError) return error.kind === 'permission_denied' ? LOCKED : undefined;
    throw error;
  }
}

/** The kind and key of a watch page path (`/s/<token>`, `/watch/<id>`, `/embed/<token>`). */
export function parseWatchPath(path: string): { kind: WatchPageKind; key: string } | undefined {
  const match = /^\/(s|watch|embed)\/([^/?#]+)\/?$/.exec(path);
  if (!match) return undefined;
  try {
    return { kind: match[1] as WatchPageKind, key: decodeURIComponent(match[2]!) };
  } catch {
    return undefined;
  }
}

import { timingSafeEqual } from 'node:crypto';
import type { User } from '../auth/user';
import type { StoredVideo } from './video.mapper';

/** What a caller holds besides (or instead of) a signed-in user. */
export interface Grant {
  /** The share token of a link ShareVideo minted. */
  shareToken?: string;
  /** A valid signed URL for this video, minted for someone who could read it. */
  signedUrl?: boolean;
}

const sameToken = (given: string | undefined, expected: string | undefined) =>
  given !== undefined &&
  expected !== undefined &&
  given.length === expected.length &&
  timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * Whether the video's share link works now: it has one, it has not expired, and the video is not
 * PRIVATE (making it private kills every link; sharing again revives it).
 */
export function linkWorks(video: StoredVideo, now = new Date()): boolean {
  if (!video.shareToken || video.visibility === 'PRIVATE') return false;
  return !video.shareExpiresAt || video.shareExpiresAt.getTime() > now.getTime();
}

/**
 * The access rules of docs/architecture.md, Access. PRIVATE: the owner. SHARED: the owner and holders of a working share
 * link. PUBLIC: anyone, signed in or not.
 */
export function canRead(video: StoredVideo, caller: User | undefined, grant: Grant = {}): boolean {
  if (caller?.uid === video.userId) return true;
  if (grant.signedUrl) return true;
  if (video.visibility === 'PUBLIC') return true;
  if (video.visibility === 'SHARED') return sameToken(grant.shareToken, video.shareToken) && linkWorks(video);
  return false;
}

/**
 * When a reader's access ends if it rests on the share link alone (not the owner, not PUBLIC):
 * the link's expiry. Undefined when it does not end.
 */
export function readableUntil(video: StoredVideo, caller: User | undefined): Date | undefined {
  if (caller?.uid === video.userId || video.visibility === 'PUBLIC') return undefined;
  return video.shareExpiresAt;
}

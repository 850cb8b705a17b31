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
 * DESIGN.md's access rules. PRIVATE: the owner. SHARED: the owner and holders of the share link.
 * PUBLIC: anyone, signed in or not.
 */
export function canRead(video: StoredVideo, caller: User | undefined, grant: Grant = {}): boolean {
  if (caller?.uid === video.userId) return true;
  if (grant.signedUrl) return true;
  if (video.visibility === 'PUBLIC') return true;
  if (video.visibility === 'SHARED') return sameToken(grant.shareToken, video.shareToken);
  return false;
}

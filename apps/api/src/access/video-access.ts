import type { User } from '../platform/auth/user';
import { may, personOf, type Grant, type TeamRole } from './policy';
import type { StoredVideo } from '../videos';

export { linkWorks, type Grant } from './policy';

/**
 * Whether `caller` may see the video: the policy's `view` (access/policy.ts). PRIVATE: the owner
 * (and members of its team). SHARED: also holders of a working share link. PUBLIC: anyone, signed
 * in or not. TEAM: the owner and members of its team. `teamRole` is the caller's role in the
 * video's team, if any.
 */
export function canRead(video: StoredVideo, caller: User | undefined, grant: Grant = {}, teamRole?: TeamRole): boolean {
  const person = caller && personOf(caller.uid, video.teamId, teamRole);
  return may(person, 'view', { kind: 'video', video, grant });
}

/**
 * When a reader's access ends if it rests on the share link alone (not the owner, not a member of
 * its team, not PUBLIC): the link's expiry. Undefined when it does not end.
 */
export function readableUntil(video: StoredVideo, caller: User | undefined, teamRole?: TeamRole): Date | undefined {
  if (caller?.uid === video.userId || teamRole || video.visibility === 'PUBLIC') return undefined;
  return video.shareExpiresAt;
}

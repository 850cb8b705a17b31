import type { User } from '../platform/auth/user';
import { may, personOf } from './policy';
import type { VideoFacts } from './policy';

/**
 * Whether the caller owns the thing: the owner's own views, clicks and playback are not counted,
 * and the owner's own link does not ask them through its gate. It grants nothing by itself.
 */
export function ownsIt(caller: User | undefined, owned: { userId: string }): boolean {
  return caller !== undefined && caller.uid === owned.userId;
}

/** Whether `user` moderates the video's conversation: deletes anyone's comment, turns comments off, reads insights. */
export function moderates(user: User | undefined, video: VideoFacts): boolean {
  return user !== undefined && may(personOf(user.uid), 'moderate', { kind: 'video', video });
}

/** Whether `user` may `action` ('edit' or 'delete') a comment by `authorUid` under `video`. */
export function mayOnComment(
  user: User,
  action: 'edit' | 'delete',
  comment: { authorUid: string },
  video: VideoFacts,
): boolean {
  return may(personOf(user.uid), action, { kind: 'comment', comment, video });
}

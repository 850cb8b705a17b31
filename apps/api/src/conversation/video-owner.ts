import type { User } from '../platform/auth/user';
import { may, personOf } from '../access';
import type { StoredVideo } from '../videos';

/**
 * Whether `user` may edit the video: who moderates its conversation (deletes any comment, turns
 * comments off) and reads its insights.
 */
export const owns = (user: User | undefined, video: StoredVideo) =>
  user !== undefined && may(personOf(user.uid), 'edit', { kind: 'video', video });

import { randomUUID } from 'node:crypto';
import type { User } from '../platform/auth/user';
import { defaultTitle } from './default-title';
import type { NewVideoRow } from './video.table';

export const newVideoId = () => randomUUID();

/**
 * The row of a new video `user` uploads (whole or resumable): PROCESSING, and private until the
 * caller sets the person's default visibility (`defaultVisibilityOf`) in its place.
 */
export function uploadedVideoRow(id: string, user: User, title?: string): NewVideoRow {
  return {
    id,
    user_id: user.uid,
    owner_name: user.name ?? '',
    title: title || defaultTitle(new Date()),
    description: '',
    status: 'PROCESSING',
    visibility: 'PRIVATE',
  };
}

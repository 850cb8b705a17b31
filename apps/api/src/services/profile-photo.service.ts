import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { User } from '../auth/user';
import { findUser, setPhoto } from '../db/user.repository';
import type { Database } from '../db/video.table';
import { isPhotoId, NotAnImageError, type ProfilePhotoFiles } from '../media/profile-photo';
import type { OpenedBlob } from '../storage/blob-store';
import { AccountError } from './account';
import type { UrlSigner } from './url-signer';
import type { UserDirectory } from './user-directory';
import { VideoError } from './video';

/** The largest picture taken as a profile photo. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Where a stored photo is served (http/profile-photo.routes.ts), by its id and stamp. */
export const PHOTO_PATH = '/api/photos';

export interface ProfilePhotoServiceDeps {
  db: Kysely<Database>;
  files: Pick<ProfilePhotoFiles, 'make' | 'open' | 'delete'>;
  signer: UrlSigner;
  directory: UserDirectory;
}

/**
 * Profile photos uploaded in /settings (issue 32): the square copy is stored, its signed URL
 * replaces the ID token's picture in the users table and on everything the person wrote, and
 * the photo it replaces is deleted.
 */
export class ProfilePhotoService {
  constructor(private readonly deps: ProfilePhotoServiceDeps) {}

  /** Makes `bytes` the caller's photo; answers its URL. Refuses (AccountError) a file too large or not a picture. */
  async set(user: User, bytes: Uint8Array): Promise<string> {
    if (bytes.length > PHOTO_MAX_BYTES) throw tooLarge();
    let id: string;
    try {
      id = await this.deps.files.make(bytes);
    } catch (error) {
      if (error instanceof NotAnImageError)
        throw new AccountError(
          'invalid_argument',
          'photo_not_image',
          `${error.message}: choose a PNG, JPEG, GIF or WebP picture`,
        );
      throw error;
    }
    const url = this.urlOf(id);
    await this.deps.directory.ensure(user);
    const replaced = await setPhoto(this.deps.db, user.uid, { id, url });
    if (replaced === undefined) {
      await this.deps.files.delete(id); // the account went meanwhile
      throw new VideoError('not_found', 'This account was deleted');
    }
    if (replaced) await this.deps.files.delete(replaced);
    this.deps.directory.photoChanged(user.uid, url);
    return url;
  }

  /** The stored photo of `uid` for their export; undefined without one. */
  async openOwn(uid: string): Promise<{ stream: Readable; size: number } | undefined> {
    const row = await findUser(this.deps.db, uid);
    const opened = row?.photo_key ? await this.deps.files.open(row.photo_key) : undefined;
    return opened && { stream: await opened.stream(), size: opened.info.size };
  }

  /** Deletes the stored photo of `uid` (their account is being deleted). */
  async remove(uid: string): Promise<void> {
    const row = await findUser(this.deps.db, uid);
    if (row?.photo_key) await this.deps.files.delete(row.photo_key);
  }

  /** The stored photo `id` when `signature` is this server's for it; undefined otherwise. */
  async open(id: string, signature: unknown): Promise<OpenedBlob | undefined> {
    if (!isPhotoId(id) || !this.deps.signer.verifyStamp('photo', id, signature)) return undefined;
    return this.deps.files.open(id);
  }

  private urlOf(id: string): string {
    return `${PHOTO_PATH}/${id}.jpg?${new URLSearchParams({ signature: this.deps.signer.stamp('photo', id) })}`;
  }
}

export const tooLarge = () =>
  new AccountError(
    'invalid_argument',
    'photo_too_large',
    `A profile photo is at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB: choose a smaller picture`,
  );

import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import { findUser, setPhoto } from './user.repository';
import type { Database } from '../platform/db/schema';
import { DecodeBusyError } from '../platform/media/decode-slots';
import { isPhotoId, NotAnImageError, type ProfilePhotoFiles } from '../platform/media/profile-photo';
import type { OpenedBlob } from '../platform/storage/blob-store';
import { AccountError } from './account';
import type { UrlSigner } from '../videos';
import type { UserDirectory } from './user-directory';
import { AppError } from '../platform/app-error';

/** The largest picture taken as a profile photo. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Where a stored photo is served (accounts/profile-photo.routes.ts), by its id and stamp. */
export const PHOTO_PATH = '/api/photos';
/**
 * Photos one person may send per window, counted in this process: choosing a photo takes a few
 * tries, not hundreds (each is a decode).
 */
export const PHOTO_PERSON_LIMIT = { max: 20, windowMs: 10 * 60_000 };

/** The person or the server has too many photos on the way: answered 429 with Retry-After. */
export class PhotoBusyError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'PhotoBusyError';
  }
}

export interface ProfilePhotoServiceDeps {
  db: Kysely<Database>;
  files: Pick<ProfilePhotoFiles, 'make' | 'open' | 'delete'>;
  signer: UrlSigner;
  directory: UserDirectory;
}

/**
 * Profile photos uploaded in /settings: the square copy is stored, its signed URL
 * replaces the ID token's picture in the users table and on everything the person wrote, and
 * the photo it replaces is deleted.
 */
export class ProfilePhotoService {
  /** Who has a photo being made now, and when each person's recent photos arrived. */
  private readonly making = new Set<string>();
  private readonly recent = new Map<string, number[]>();

  constructor(private readonly deps: ProfilePhotoServiceDeps) {}

  /**
   * Makes `bytes` the caller's photo; answers its URL. Refuses (AccountError) a file too large or
   * not a picture, and (PhotoBusyError) a second photo while one is being made, more than
   * PHOTO_PERSON_LIMIT, or one the server has no room to queue.
   */
  async set(user: User, bytes: Uint8Array): Promise<string> {
    if (bytes.length > PHOTO_MAX_BYTES) throw tooLarge();
    this.admit(user.uid);
    this.making.add(user.uid);
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
      if (error instanceof DecodeBusyError) throw new PhotoBusyError(error.message, error.retryAfterSeconds);
      throw error;
    } finally {
      this.making.delete(user.uid);
    }
    const url = this.urlOf(id);
    await this.deps.directory.ensure(user);
    const replaced = await setPhoto(this.deps.db, user.uid, { id, url });
    if (replaced === undefined) {
      await this.deps.files.delete(id); // the account went meanwhile
      throw new AppError('not_found', 'This account was deleted');
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

  /** Counts a photo of `uid`, or throws PhotoBusyError when they have one in the making or too many lately. */
  private admit(uid: string): void {
    if (this.making.has(uid))
      throw new PhotoBusyError('Your previous photo is still being read: wait for it, then try again', 2);
    const now = Date.now();
    const since = now - PHOTO_PERSON_LIMIT.windowMs;
    for (const [someone, times] of this.recent) if (times.at(-1)! <= since) this.recent.delete(someone);
    const times = (this.recent.get(uid) ?? []).filter((time) => time > since);
    if (times.length >= PHOTO_PERSON_LIMIT.max) {
      const wait = Math.ceil((times[0]! + PHOTO_PERSON_LIMIT.windowMs - now) / 1000);
      throw new PhotoBusyError(
        `You have sent ${PHOTO_PERSON_LIMIT.max} photos in ${PHOTO_PERSON_LIMIT.windowMs / 60_000} minutes: try again in ${Math.ceil(wait / 60)} minutes`,
        wait,
      );
    }
    times.push(now);
    this.recent.set(uid, times);
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

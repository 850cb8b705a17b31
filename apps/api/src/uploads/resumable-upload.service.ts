import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { User } from '../platform/auth/user';
import * as uploads from './resumable-upload.repository';
import { videoRepository as repository } from '../videos';
import { defaultVisibilityOf } from '../accounts';
import type { Database } from '../platform/db/schema';
import type { FinishedUpload } from './tus-files';
import type { MediaService } from '../videos';
import { AppError } from '../platform/app-error';
import { newVideoId, uploadedVideoRow, type VideoService } from '../videos';
import { authorize } from '../access';

export interface ResumableUploadDeps {
  db: Kysely<Database>;
  media: MediaService;
  videos: VideoService;
  log: Logger;
}

/** Where the owner's upload stands: still taking bytes, or finished at `length`. */
export type OwnUpload = { active: true } | { active: false; length: number };

/** Activity is written to the row at most this often per upload: a PATCH arrives every second. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Recordings that arrive while they are made (tus): the video row exists from the
 * first second (PROCESSING, no bytes yet, so a share link can be minted at once), the finished
 * file becomes its original and goes to processing, and an upload nobody finishes expires.
 * Where the bytes wait meanwhile is the adapter's business.
 */
export class ResumableUploadService {
  private readonly touched = new Map<string, number>();
  /** Uploads whose first bytes this process has noted (so later PATCHes need not). */
  private readonly receiving = new Set<string>();

  constructor(private readonly deps: ResumableUploadDeps) {}

  /** The id a new upload (and its video) will have. */
  newId(): string {
    return newVideoId();
  }

  /**
   * A new PROCESSING video `id` of `user` (their default visibility) whose upload is in progress: made only once the
   * upload is accepted (its length within the limit), so a refused creation leaves no row.
   */
  async start(user: User, id: string, options: { title?: string } = {}): Promise<void> {
    await repository.insertVideo(this.deps.db, {
      ...uploadedVideoRow(id, user, options.title),
      visibility: await defaultVisibilityOf(this.deps.db, user.uid),
      upload_active_at: new Date(),
    });
    this.touched.set(id, Date.now());
  }

  /** The caller's own resumable upload; not_found for anyone else's, a missing one or another kind of video. */
  async own(user: User, id: string): Promise<OwnUpload> {
    const state = await uploads.findUploadState(this.deps.db, id);
    if (!state) throw new AppError('not_found', `No upload ${id}`);
    await authorize(this.deps.db, user, 'edit', { kind: 'upload', upload: state }, { notFound: `No upload ${id}` });
    if (state.active) return { active: true };
    if (state.length === undefined) throw new AppError('not_found', `No upload ${id}`);
    return { active: false, length: state.length };
  }

  /**
   * Notes activity (`bytes`: a PATCH that carries bytes), so the upload does not expire while it is
   * used; the first bytes are noted at once, since an upload without any expires much sooner.
   */
  async touch(id: string, bytes = false): Promise<void> {
    const first = bytes && !this.receiving.has(id);
    const last = this.touched.get(id) ?? 0;
    if (!first && Date.now() - last < TOUCH_INTERVAL_MS) return;
    this.touched.set(id, Date.now());
    await uploads.touchUpload(this.deps.db, id, bytes);
    if (first) this.receiving.add(id);
  }

  private forget(id: string) {
    this.touched.delete(id);
    this.receiving.delete(id);
  }

  /**
   * The upload's bytes (`length`, all there) become the video's original and processing is
   * queued. False when the upload was no longer in progress (finished already, deleted,
   * expired). The bytes stay where they wait either way, for the caller to remove once this
   * resolves: should it throw (the database failing at that moment), the upload is still whole
   * and finishing it can be tried again.
   */
  async finish(id: string, bytes: FinishedUpload, length: number): Promise<boolean> {
    this.forget(id);
    const { media } = this.deps;
    const original = 'file' in bytes ? await media.receiveFile(id, bytes.file) : await media.receiveResumableUpload(id);
    const published = await this.deps.media.publish(id, [original], {
      when: async (trx) => {
        if (!(await uploads.finishUpload(trx, id, length))) return false;
        await this.deps.videos.queueProcessing(trx, id);
        return true;
      },
    });
    if (published) this.deps.videos.wakeProcessing();
    return published;
  }

  /** Which of `ids` are uploads still in progress (a row taking bytes): the others' leftover bytes may go. */
  async inProgress(ids: readonly string[]): Promise<Set<string>> {
    const active = new Set<string>();
    for (const id of ids) {
      if ((await uploads.findUploadState(this.deps.db, id))?.active) active.add(id);
    }
    return active;
  }

  /** The owner gives up an upload in progress: the video goes. False if it was not in progress. */
  async abandon(user: User, id: string): Promise<boolean> {
    await this.own(user, id);
    this.forget(id);
    return this.deps.media.deleteAll(id, (trx) => uploads.deleteActiveUpload(trx, id));
  }

  /** An upload whose bytes can never be a video (not WebM): the video goes. */
  async reject(id: string): Promise<void> {
    this.forget(id);
    await this.deps.media.deleteAll(id, (trx) => uploads.deleteActiveUpload(trx, id));
  }

  /**
   * Deletes the videos of abandoned uploads (idle since `when.idleBefore`, or without a byte and
   * idle since `when.emptyBefore`); resolves with their ids.
   */
  async expire(when: uploads.Abandoned): Promise<string[]> {
    const expired: string[] = [];
    for (const id of await uploads.findAbandonedUploads(this.deps.db, when)) {
      const deleted = await this.deps.media.deleteAll(id, (trx) => uploads.deleteAbandonedUpload(trx, id, when));
      this.forget(id);
      if (deleted) expired.push(id);
    }
    if (expired.length) this.deps.log.info({ count: expired.length }, 'expired abandoned uploads');
    return expired;
  }
}

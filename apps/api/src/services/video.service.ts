import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { User } from '../auth/user';
import type { Database, VideoVisibility } from '../db/video.table';
import * as repository from '../db/video.repository';
import type { VideoProcessingQueue } from '../processing/contracts';
import type { BlobStore } from '../storage/blob-store';
import { canRead, type Grant } from './access';
import { VideoError } from './video';
import { toVideo, type StoredVideo } from './video.mapper';

export interface VideoServiceDeps {
  db: Kysely<Database>;
  store: BlobStore;
  /** Set once processing is wired; uploads accepted without one stay PROCESSING. */
  queue?: VideoProcessingQueue;
  log: FastifyBaseLogger;
}

const notFound = (id: string) => new VideoError('not_found', `No video ${id}`);

/** The business rules of videos: who may do what, and the lifecycle. Free of HTTP and SQL. */
export class VideoService {
  constructor(private readonly deps: VideoServiceDeps) {}

  /** A video described by CreateVideo: metadata, optionally hosted elsewhere (`sourceUrl`). */
  async create(
    user: User,
    input: { title: string; description: string; sourceUrl?: string; visibility: VideoVisibility },
  ): Promise<StoredVideo> {
    const row = await repository.insertVideo(this.deps.db, {
      id: newVideoId(),
      user_id: user.uid,
      title: input.title || defaultTitle(new Date()),
      description: input.description,
      visibility: input.visibility,
      source_url: input.sourceUrl ?? null,
      // Bytes elsewhere are playable as they are; without any, there is nothing to process.
      status: input.sourceUrl ? 'READY' : 'UNSPECIFIED',
    });
    return toVideo(row);
  }

  /**
   * A video the caller may read. Someone signed in who may not read it gets not_found (existence
   * does not leak); someone signed out gets unauthenticated, whether it exists or not.
   */
  async get(caller: User | undefined, id: string, grant: Grant = {}): Promise<StoredVideo> {
    const row = await repository.findVideo(this.deps.db, id);
    const video = row && toVideo(row);
    if (video && canRead(video, caller, grant)) return video;
    // A valid signature names this very id, so saying it is gone tells its holder nothing new.
    if (!caller && !grant.signedUrl) throw new VideoError('unauthenticated', 'Sign in to see this video');
    throw notFound(id);
  }

  async list(user: User, page: { size: number; number: number }): Promise<{ videos: StoredVideo[]; nextPageNumber: number }> {
    const { rows, hasMore } = await repository.listVideosOfUser(this.deps.db, user.uid, page);
    return { videos: rows.map(toVideo), nextPageNumber: hasMore ? page.number + 1 : 0 };
  }

  /** Owner only. An empty title keeps the current one; description and visibility are replaced. */
  async update(
    user: User,
    id: string,
    changes: { title: string; description: string; visibility: VideoVisibility },
  ): Promise<StoredVideo> {
    await this.owned(user, id);
    const row = await repository.updateVideo(this.deps.db, id, {
      ...(changes.title ? { title: changes.title } : {}),
      description: changes.description,
      visibility: changes.visibility,
    });
    if (!row) throw notFound(id);
    return toVideo(row);
  }

  /** Owner only: removes the row, then the video and thumbnail blobs. */
  async delete(user: User, id: string): Promise<void> {
    await this.owned(user, id);
    const row = await repository.deleteVideo(this.deps.db, id);
    if (!row) throw notFound(id);
    await this.deleteBlobs([row.video_key, row.thumbnail_key]);
  }

  /** Owner only: a share token (the same one on every call) and at least SHARED visibility. */
  async share(user: User, id: string): Promise<StoredVideo & { shareToken: string }> {
    const video = await this.owned(user, id);
    const shareToken = video.shareToken ?? randomBytes(18).toString('base64url');
    const row = await repository.updateVideo(this.deps.db, id, {
      share_token: shareToken,
      visibility: video.visibility === 'PRIVATE' ? 'SHARED' : video.visibility,
    });
    if (!row) throw notFound(id);
    return { ...toVideo(row), shareToken };
  }

  /** Records a stored upload as a new PROCESSING video and queues its processing. */
  async acceptUpload(user: User, upload: { id: string; videoKey: string; sizeBytes: number; title?: string }): Promise<StoredVideo> {
    const row = await repository.insertVideo(this.deps.db, {
      id: upload.id,
      user_id: user.uid,
      title: upload.title || defaultTitle(new Date()),
      description: '',
      status: 'PROCESSING',
      visibility: 'PRIVATE',
      video_key: upload.videoKey,
      size_bytes: upload.sizeBytes,
    });
    const queue = this.deps.queue;
    if (!queue) return toVideo(row);
    try {
      await queue.enqueue(row.id);
      return toVideo(row);
    } catch (error) {
      // Without a job nothing would ever finish it: fail it now rather than leave it PROCESSING.
      this.deps.log.error({ err: error, videoId: row.id }, 'could not queue processing');
      const failed = await repository.updateProcessingVideo(this.deps.db, row.id, {
        status: 'FAILED',
        failure_reason: 'Processing could not be queued',
      });
      const current = failed ? await repository.findVideo(this.deps.db, row.id) : row;
      return toVideo(current ?? row);
    }
  }

  private async owned(user: User, id: string): Promise<StoredVideo> {
    const row = await repository.findVideo(this.deps.db, id);
    if (!row || row.user_id !== user.uid) throw notFound(id);
    return toVideo(row);
  }

  async deleteBlobs(keys: (string | null | undefined)[]): Promise<void> {
    for (const key of keys) {
      if (!key) continue;
      await this.deps.store.delete(key).catch((error: unknown) => {
        this.deps.log.error({ err: error, key }, 'could not delete blob');
      });
    }
  }
}

export const newVideoId = () => randomUUID();

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Recording 22 Nov 2026 14:03" (UTC: the server does not know the viewer's zone). */
export function defaultTitle(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Recording ${at.getUTCDate()} ${months[at.getUTCMonth()]} ${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
}

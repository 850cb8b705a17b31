import type { Kysely } from 'kysely';
import type { Database } from '../db/video.table';
import * as repository from '../db/video.repository';
import type { ProcessingResult, ProcessingVideoStore } from '../processing/contracts';
import type { BlobStore } from '../storage/blob-store';

/** What the worker sees of the videos table (see processing/contracts.ts). */
export function createProcessingVideoStore(db: Kysely<Database>, store: BlobStore): ProcessingVideoStore {
  return {
    async findForProcessing(videoId) {
      const row = await repository.findVideo(db, videoId);
      if (!row || row.status !== 'PROCESSING' || !row.video_key) return undefined;
      return { id: row.id, videoKey: row.video_key };
    },
    async markReady(videoId: string, result: ProcessingResult) {
      const before = await repository.findVideo(db, videoId);
      const updated = await repository.updateProcessingVideo(db, videoId, {
        status: 'READY',
        video_key: result.videoKey,
        thumbnail_key: result.thumbnailKey,
        duration_seconds: result.durationSeconds,
        size_bytes: result.sizeBytes,
        failure_reason: null,
      });
      if (!updated) {
        // Deleted (or finished) while the worker ran: its output belongs to nothing.
        const kept = new Set([before?.video_key, before?.thumbnail_key]);
        for (const key of [result.videoKey, result.thumbnailKey]) if (!kept.has(key)) await store.delete(key);
        return;
      }
      if (before?.video_key && before.video_key !== result.videoKey) await store.delete(before.video_key);
    },
    async markFailed(videoId, reason) {
      await repository.updateProcessingVideo(db, videoId, { status: 'FAILED', failure_reason: reason.slice(0, 1000) });
    },
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import * as repository from './video.repository';
import type { MediaService } from './media.service';
import type { ProcessedFiles, ProcessingVideoStore } from '../platform/processing/contracts';
import { stageStoryboard } from '../edits';

/** What the worker sees of videos and their media (see platform/processing/contracts.ts). */
export function createProcessingVideoStore(db: Kysely<Database>, media: MediaService): ProcessingVideoStore {
  return {
    async findForProcessing(videoId) {
      const row = await repository.findVideo(db, videoId);
      if (!row || row.status !== 'PROCESSING' || !row.has_video) return undefined;
      return { id: row.id };
    },
    fetchUpload: (videoId, path) => media.download(videoId, ['original'], path),
    async markReady(videoId: string, files: ProcessedFiles) {
      const playable = await media.stageFile(videoId, 'playable', files.video, files.contentType);
      const thumbnail = await media
        .stageFile(videoId, 'thumbnail', files.thumbnail, 'image/jpeg')
        .catch(async (error: unknown) => {
          await media.discard([playable]);
          throw error;
        });
      // A remux loses nothing of the upload, so it replaces it rather than doubling the disk used;
      // an encoded version keeps it. A video deleted (or finished) while the worker ran
      // takes nothing: its files are dropped.
      const published = await media.publish(videoId, [playable, thumbnail], {
        retire: files.keepOriginal ? [] : ['original'],
        when: (trx) =>
          repository.updateProcessingVideo(trx, videoId, {
            status: 'READY',
            duration_seconds: files.durationSeconds,
            size_bytes: playable.sizeBytes,
            failure_reason: null,
          }),
      });
      return published ? { sizeBytes: playable.sizeBytes } : undefined;
    },
    async addStoryboard(videoId, storyboard) {
      const staged = await stageStoryboard(media, videoId, 'storyboard', storyboard);
      if (!staged) return false;
      return media.publish(videoId, [staged], {
        when: (trx) => repository.setReadyVideoStoryboard(trx, videoId, JSON.stringify(storyboard.layout)),
      });
    },
    reportProgress: (videoId, percent) => repository.raiseProcessingProgress(db, videoId, percent),
    async markFailed(videoId, reason) {
      await repository.updateProcessingVideo(db, videoId, { status: 'FAILED', failure_reason: reason.slice(0, 1000) });
    },
  };
}

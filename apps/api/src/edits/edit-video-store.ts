import type { Kysely } from 'kysely';
import * as edits from './edit.repository';
import { RENDITION_KINDS } from '../videos';
import type { Database } from '../platform/db/schema';
import type { MediaService, StagedAsset } from '../videos';
import type { EditedFiles, EditVideoStore } from '../platform/processing/edit-contracts';
import { blursOf } from './annotation-timeline';
import { stageStoryboard } from './edit-media';
import { stageGeneratedCaptions } from '../transcripts';

/** What the render job sees of videos' edits and media (see platform/processing/edit-contracts.ts). */
export function createEditVideoStore(db: Kysely<Database>, media: MediaService): EditVideoStore {
  return {
    findEdit: async (videoId, version) => {
      const pending = await edits.findPendingEdit(db, videoId, version);
      if (!pending) return undefined;
      const blurs = blursOf(pending.annotations).map(({ from, to, x, y, width, height }) => ({
        from,
        to,
        x,
        y,
        width,
        height,
      }));
      return { ranges: pending.ranges, blurs };
    },
    // The unedited video: edits are always cut from it, never from an earlier edit.
    fetchSource: (videoId, path) => media.download(videoId, ['playable', 'original'], path),
    async publishEdit(videoId: string, version: number, files: EditedFiles) {
      const video = await media.stageFile(videoId, 'edited', files.video, files.contentType);
      const storyboard =
        files.storyboard && (await stageStoryboard(media, videoId, 'edited-storyboard', files.storyboard));
      const thumbnail =
        files.thumbnail && (await media.stageFile(videoId, 'edited-thumbnail', files.thumbnail, 'image/jpeg'));
      const captions = await stageGeneratedCaptions(db, media, videoId, files.kept);
      // The edited version, its storyboard, thumbnail and generated captions switch together, and
      // only while this edit is still the one waited for; the previous edited version (if any)
      // played until this moment.
      const staged = [video, storyboard, thumbnail, captions].filter((asset): asset is StagedAsset => Boolean(asset));
      return media.publish(videoId, staged, {
        retire: [
          ...RENDITION_KINDS, // of the version that played until now; the rendition job makes this one's
          ...(storyboard ? [] : ['edited-storyboard' as const]),
          ...(thumbnail ? [] : ['edited-thumbnail' as const]),
        ],
        when: (trx) =>
          edits.markEditApplied(trx, videoId, version, {
            ranges: files.kept,
            durationSeconds: files.durationSeconds,
            storyboard: (storyboard && files.storyboard?.layout) || null,
          }),
      });
    },
    markEditFailed: (videoId, version, reason) => edits.markEditFailed(db, videoId, version, reason),
  };
}

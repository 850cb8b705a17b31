import type { Kysely } from 'kysely';
import { findAsset } from './media-asset.repository';
import { HLS_RUNG_KINDS } from './media-asset.table';
import { setHlsRungs, setMp4State } from './rendition.repository';
import { findVideo, lockVideo } from './video.repository';
import type { Database } from '../platform/db/schema';
import type { MediaService } from './media.service';
import type { RenditionVideoStore } from '../platform/processing/rendition-contracts';
import { PLAYING_KINDS } from './video.service';

/** What the MP4 rendition job sees of videos and their media (see platform/processing/rendition-contracts.ts). */
export function createRenditionVideoStore(db: Kysely<Database>, media: MediaService): RenditionVideoStore {
  const playingVersion = async (trx: Kysely<Database>, videoId: string) =>
    (await findAsset(trx, videoId, PLAYING_KINDS))?.storage_key;
  return {
    async findRenditionSource(videoId) {
      const row = await findVideo(db, videoId);
      if (!row || row.status !== 'READY' || !row.has_video) return undefined;
      const version = await playingVersion(db, videoId);
      return version === undefined ? undefined : { version, done: row.mp4_state === 'READY' };
    },
    async fetchRenditionSource(videoId, version, path) {
      if ((await playingVersion(db, videoId)) !== version) return false;
      return media.download(videoId, PLAYING_KINDS, path);
    },
    async publishMp4(videoId, version, path, hls) {
      const staged = [await media.stageFile(videoId, 'mp4', path, 'video/mp4')];
      const rungs = hls?.rungs ?? [];
      if (hls) {
        const playlists = { master: hls.master, playlists: rungs.map((rung) => rung.playlist) };
        staged.push(await media.stageBytes(videoId, 'hls', Buffer.from(JSON.stringify(playlists)), 'application/json'));
        for (const [index, rung] of rungs.entries())
          staged.push(await media.stageFile(videoId, HLS_RUNG_KINDS[index]!, rung.mediaPath, 'video/mp4'));
      }
      // Only while `version` still plays: an edit that landed meanwhile queued its own rendition.
      return media.publish(videoId, staged, {
        retire: [...(hls ? [] : ['hls' as const]), ...HLS_RUNG_KINDS.slice(rungs.length)],
        when: async (trx) => {
          if (!(await lockVideo(trx, videoId)) || (await playingVersion(trx, videoId)) !== version) return false;
          const measured = rungs.map(({ width, height, bandwidth, averageBandwidth, codecs }) => ({
            width,
            height,
            bandwidth,
            averageBandwidth,
            codecs,
          }));
          await setHlsRungs(trx, videoId, measured);
          return setMp4State(trx, videoId, 'READY');
        },
      });
    },
    async markMp4Failed(videoId) {
      await setMp4State(db, videoId, 'FAILED', 'NONE');
    },
  };
}

import type { ColumnType, Insertable, Selectable } from 'kysely';

/**
 * What an asset is to its video. Text in the database, so a new kind ('edited', 'storyboard',
 * 'captions') needs no migration.
 */
export type MediaKind =
  | 'original'
  | 'playable'
  | 'thumbnail'
  | 'edited'
  | 'storyboard'
  /** The storyboard of the edited version, published and removed with it. */
  | 'edited-storyboard'
  /** The thumbnail of the edited version (a start trim may cut what the original's shows), published and removed with it. */
  | 'edited-thumbnail'
  | 'captions'
  /** H.264/AAC MP4 of the version that plays, for players and link previews that take no WebM. */
  | 'mp4'
  /** WebVTT made from the transcript; owner-uploaded 'captions' win over it. */
  | 'generated-captions'
  /** The HLS presentation's playlists (JSON: `master`, `playlists` by rung) of the MP4's version. */
  | 'hls'
  /** Its rungs' media, each one fMP4 file read by byte ranges, highest rung first. */
  | HlsRungKind;

/** The kinds of HLS rung media, highest rung first (at most three rungs: the source, 720p, 480p). */
export const HLS_RUNG_KINDS = ['hls-0', 'hls-1', 'hls-2'] as const;
export type HlsRungKind = (typeof HLS_RUNG_KINDS)[number];

/** Everything made with the MP4 from the version that plays: retired together when another plays. */
export const RENDITION_KINDS = ['mp4', 'hls', ...HLS_RUNG_KINDS] as const satisfies readonly MediaKind[];

/** The current version of one kind of a video's media: one row per (video, kind). */
export interface MediaAssetTable {
  video_id: string;
  kind: MediaKind;
  /** Names this version's blob and no other, ever: a new version gets a new key. */
  storage_key: string;
  /** int8; null for assets moved from the old columns, whose size was never recorded. */
  size_bytes: ColumnType<string | number | null, number | null | undefined, number | null>;
  content_type: string;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

export type MediaAssetRow = Selectable<MediaAssetTable>;
export type NewMediaAssetRow = Insertable<MediaAssetTable>;

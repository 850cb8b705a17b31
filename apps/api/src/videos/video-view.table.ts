import type { ColumnType } from 'kysely';

/** One counted view: a viewer (a uid or a browser's random id) in one hour. */
export interface VideoViewTable {
  video_id: string;
  viewer_key: string;
  hour: Date;
  /** For a signed-out viewer: a digest of the client address; null otherwise. */
  viewer_address: ColumnType<string | null, string | null | undefined, never>;
}

import type { ColumnType, Generated } from 'kysely';

/** A stretch of a video one viewer watched, as their player's beacons report it: insights read these. */
export interface PlaybackRangeTable {
  video_id: string;
  session_id: string;
  viewer_key: string;
  uid: string | null;
  start_seconds: number;
  end_seconds: number;
  /** A signed-out viewer known through a named link or an email gate ("Dana (link)"). */
  viewer_label: ColumnType<string | null, string | null | undefined, never>;
  created_at: Generated<Date>;
}

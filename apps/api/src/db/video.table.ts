import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type VideoStatus = 'UNSPECIFIED' | 'PROCESSING' | 'READY' | 'FAILED';
export type VideoVisibility = 'PRIVATE' | 'SHARED' | 'PUBLIC';

/** One video: its owner, metadata, lifecycle state and where its bytes live. */
export interface VideoTable {
  id: string;
  user_id: string;
  title: string;
  description: string;
  status: VideoStatus;
  visibility: VideoVisibility;
  /** Blob key of the playable file; null for a video created by CreateVideo without an upload. */
  video_key: string | null;
  thumbnail_key: string | null;
  /** An external address given to CreateVideo, for videos whose bytes live elsewhere. */
  source_url: string | null;
  duration_seconds: number | null;
  /** int8: PostgreSQL hands it back as a string, PGlite as a number. */
  size_bytes: ColumnType<string | number | null, number | null, number | null>;
  failure_reason: string | null;
  share_token: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** Tie-breaker for rows created in the same microsecond. */
  seq: Generated<number>;
}

export interface Database {
  videos: VideoTable;
}

export type VideoRow = Selectable<VideoTable>;
export type NewVideoRow = Insertable<VideoTable>;
export type VideoRowUpdate = Updateable<VideoTable>;

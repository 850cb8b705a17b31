import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { EditColumns } from '../edits';

export type VideoStatus = 'UNSPECIFIED' | 'PROCESSING' | 'READY' | 'FAILED';
/** EMPTY: transcribed, and no speech was found. */
export type TranscriptState = 'PENDING' | 'RUNNING' | 'DONE' | 'EMPTY' | 'FAILED';
/** TEAM: the owner and signed-in members of the video's team only. */
export type VideoVisibility = 'PRIVATE' | 'SHARED' | 'PUBLIC' | 'TEAM';

/** One video: its owner, metadata and lifecycle state. Its bytes are media_assets rows. */
export interface VideoTable extends EditColumns {
  id: string;
  user_id: string;
  title: string;
  description: string;
  status: VideoStatus;
  visibility: VideoVisibility;
  /** An external address given to CreateVideo, for videos whose bytes live elsewhere. */
  source_url: string | null;
  duration_seconds: number | null;
  /** int8: PostgreSQL hands it back as a string, PGlite as a number. */
  size_bytes: ColumnType<string | number | null, number | null, number | null>;
  failure_reason: string | null;
  /** The generation of its signed URLs: part of their signature, raised to revoke those handed out. */
  link_generation: ColumnType<number, number | undefined, number>;
  /** The owner's display name when the video was made (the ID token's `name`), '' when unknown. */
  owner_name: ColumnType<string, string | undefined, string>;
  /** int8, kept in step with video_views in the same transaction. */
  view_count: ColumnType<string | number, never, never>;
  /** While a resumable upload of the recording is in progress: its last activity; null otherwise. */
  upload_active_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the first bytes of its resumable upload arrived; null before (and for other videos). */
  upload_bytes_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The Idempotency-Key of the whole-file upload that made it (unique per user); null otherwise. */
  client_upload_id: ColumnType<string | null, string | null | undefined, never>;
  /** int8: the length of a finished resumable upload; null for other videos. */
  upload_length: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** Tie-breaker for rows created in the same microsecond. */
  seq: Generated<number>;
  /** The folder it is in; null at the library's root (and when its folder is deleted). */
  folder_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The team it is in; null in its owner's personal library. */
  team_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether new comments are taken. */
  comments_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** Whether the playing version's MP4 rendition exists (see Mp4State). */
  mp4_state: ColumnType<Mp4State, Mp4State | undefined, Mp4State>;
  /** JSON of its HLS rungs (HlsRung[]), valid while mp4_state is READY. */
  hls_rungs: ColumnType<string | null, string | null | undefined, string | null>;
  /** Null until transcription is asked for (and for videos from before). */
  transcript_state: ColumnType<TranscriptState | null, TranscriptState | null | undefined, TranscriptState | null>;
  transcript_failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 639-1 as the engine detected it, '' when unknown. */
  transcript_language: ColumnType<string, string | undefined, string>;
  /** The call to action; null label: none. */
  cta_label: ColumnType<string | null, string | null | undefined, string | null>;
  cta_url: ColumnType<string | null, string | null | undefined, string | null>;
  cta_placement: ColumnType<
    CallToActionPlacement | null,
    CallToActionPlacement | null | undefined,
    CallToActionPlacement | null
  >;
  /** int8: PostgreSQL hands it back as a string, PGlite as a number. */
  cta_clicks: ColumnType<string | number, never, never>;
  /** How many transcriptions were asked of it: a job carries its number, and only the latest may change the state. */
  transcript_attempt: ColumnType<number, number | undefined, number>;
  /** The running attempt's percent done (chunks sent of all); null when none runs. */
  transcript_progress: ColumnType<number | null, number | null | undefined, number | null>;
  /** While PROCESSING, the running attempt's percent through its ffmpeg run (1-99); null otherwise. */
  processing_progress: ColumnType<number | null, number | null | undefined, number | null>;
  /** The owner's choice of spoken language (ISO 639-1); '' lets the engine detect it. */
  spoken_language: ColumnType<string, string | undefined, string>;
  /** What a SUMMARY_URL server suggested from the transcript when it was done: a summary and chapters. */
  suggested_summary: ColumnType<string, string | undefined, string>;
  suggested_chapters: ColumnType<
    Array<{ seconds: number; title: string }> | null,
    string | null | undefined,
    string | null
  >;
}

export type CallToActionPlacement = 'END' | 'THROUGHOUT';
/** One rung of a video's HLS presentation, as the master playlist lists it. */
export interface HlsRung {
  width: number;
  height: number;
  /** Peak bits per second over its segments (the master playlist's BANDWIDTH). */
  bandwidth: number;
  /** Mean bits per second (AVERAGE-BANDWIDTH). */
  averageBandwidth: number;
  /** RFC 6381 codecs, e.g. `avc1.64001f,mp4a.40.2`. */
  codecs: string;
}

/** NONE: not made (yet) for the version that plays; READY: the `mp4` asset is its; FAILED: could not be made. */
export type Mp4State = 'NONE' | 'READY' | 'FAILED';

/** A video row, plus which media it has (from media_assets). */
export type VideoRow = Selectable<VideoTable> & {
  has_video: boolean;
  /** The type of the kept upload, else of the playable version; null without either. */
  original_content_type: string | null;
  has_thumbnail: boolean;
  tags: string[];
  /** The name of its team; null for a personal video. */
  team_name: string | null;
} & MainLinkColumns;

/** What a video row carries of its main share link (a share_links row, see video.repository.ts); null: none. */
export interface MainLinkColumns {
  share_token: string | null;
  /** When the main link stops working; null: never. */
  share_expires_at: Date | null;
  /** The main link's password (scrypt, see sharing/link-password.ts); null: none. */
  share_password_hash: string | null;
  /** Whether the main link asks the viewer's email before playing. */
  share_email_gate: boolean;
}
export type NewVideoRow = Insertable<VideoTable>;
export type VideoRowUpdate = Updateable<VideoTable>;

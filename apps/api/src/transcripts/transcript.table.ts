import type { ColumnType } from 'kysely';

/** One line of a video's transcript, numbered from 0 in time order. */
export interface TranscriptSegmentTable {
  video_id: string;
  position: number;
  start_seconds: number;
  end_seconds: number;
  text: string;
  /** `[{ word, start, end, confidence? }]` where the engine gave word times; null otherwise. */
  words: ColumnType<TranscriptWordJson[] | null, string | null, string | null>;
  /** The owner corrected this line. */
  edited: ColumnType<boolean, boolean | undefined, boolean>;
  /** The words the engine was sure of, where it doubted some (null: `text` is what search holds). */
  search_text: ColumnType<string | null, string | null | undefined, string | null>;
  search_vector: ColumnType<string, never, never>;
}

export interface TranscriptWordJson {
  word: string;
  start: number;
  end: number;
  /** 0-1, where the engine gives it (platform/media/transcribe/confidence.ts). */
  confidence?: number;
}

import type { TranscriptState } from '../db/video.table';

export type { TranscriptState };

/** A video's transcript state as the video carries it (issue 30). */
export interface VideoTranscript {
  /** null: never asked for (TRANSCRIBE=off then, or a video from before). */
  state: TranscriptState | null;
  failureReason: string;
  language: string;
}

export interface TranscriptLine {
  index: number;
  start: number;
  end: number;
  text: string;
  words: Array<{ word: string; start: number; end: number }>;
  edited: boolean;
}

export interface TranscriptView extends VideoTranscript {
  videoId: string;
  lines: TranscriptLine[];
}

/** A line as the owner may write it. */
export const MAX_LINE_CHARS = 1000;

import type { TranscriptState } from '../videos';

export type { TranscriptState };

/** A video's transcript state as the video carries it. */
export interface VideoTranscript {
  /** null: never asked for (TRANSCRIBE=off then, or a video from before). */
  state: TranscriptState | null;
  failureReason: string;
  language: string;
  /** While it runs: percent done (chunks of a long recording), 0 until the first is. */
  progress: number;
  /** The owner's choice of spoken language (ISO 639-1) the engine is asked for; '' lets it detect. */
  spokenLanguage: string;
  /** What a SUMMARY_URL server suggested when the transcript was done ('' and none otherwise). */
  suggestedSummary: string;
  suggestedChapters: Array<{ seconds: number; title: string }>;
}

export interface TranscriptLine {
  index: number;
  start: number;
  end: number;
  text: string;
  /** `uncertain`: the engine itself doubted the word (platform/media/transcribe/confidence.ts). */
  words: Array<{ word: string; start: number; end: number; confidence?: number; uncertain: boolean }>;
  edited: boolean;
}

export interface TranscriptView extends VideoTranscript {
  videoId: string;
  lines: TranscriptLine[];
  /** For the owner of a video whose title is still the default: one made from what was said. */
  suggestedTitle: string;
  engineLanguages: string[];
  /** The server's engine is the built-in one (rough, English only): the panel says so. */
  builtinEngine: boolean;
}

/** A line as the owner may write it. */
export const MAX_LINE_CHARS = 1000;

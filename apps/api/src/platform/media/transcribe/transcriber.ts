/** One word with its time in the audio, in seconds. */
export interface TranscriptWord {
  start: number;
  end: number;
  word: string;
  /**
   * How sure the engine was of this word, 0 to 1 (pocketsphinx's posterior, a Whisper server's
   * `probability`); unset where the engine does not say, which counts as sure (confidence.ts).
   */
  confidence?: number;
}

/** One line of a transcript: a stretch of speech and its words' times where the engine gives them. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  words?: TranscriptWord[];
}

export interface Transcript {
  /** An ISO 639-1 code where the engine says (`en`), else ''. */
  language: string;
  segments: TranscriptSegment[];
}

/**
 * The engine seam: an audio or video file in, timed lines out. An empty `segments`
 * means no speech was found. A failure the engine will not get past by retrying is a
 * TranscriptionError with `permanent`; anything else is worth another attempt.
 */
export interface Transcriber {
  /** What is transcribing, for logs and the benchmark: `pocketsphinx` or the server's URL. */
  readonly name: string;
  transcribe(file: string, options: TranscribeOptions): Promise<Transcript>;
}

export interface TranscribeOptions {
  durationSeconds: number;
  scratchDir: string;
  timeoutMs: number;
  /** The spoken language (ISO 639-1) to ask the engine for; '' or unset: the engine detects it. */
  language?: string;
  /** Told after each piece of the audio is done: `done` of `total` (long recordings go in chunks). */
  onProgress?: (done: number, total: number) => Promise<void> | void;
}

export class TranscriptionError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'TranscriptionError';
  }
}

/**
 * The segments as they may be stored: times within [0, duration] (a server may answer past the
 * end), in order, text trimmed, empty lines dropped.
 */
export function clampSegments(segments: TranscriptSegment[], durationSeconds: number): TranscriptSegment[] {
  const clamp = (value: number) => Math.min(Math.max(0, value), durationSeconds);
  return segments
    .map((segment) => ({
      start: clamp(segment.start),
      end: clamp(Math.max(segment.start, segment.end)),
      text: segment.text.trim().replace(/\s+/g, ' '),
      ...(segment.words && {
        words: segment.words
          .filter((word) => word.start < durationSeconds)
          .map((word) => ({
            start: clamp(word.start),
            end: clamp(word.end),
            word: word.word.trim(),
            ...(word.confidence !== undefined && { confidence: Math.min(1, Math.max(0, word.confidence)) }),
          })),
      }),
    }))
    .filter((segment) => segment.text !== '' && segment.start < durationSeconds)
    .sort((a, b) => a.start - b.start);
}

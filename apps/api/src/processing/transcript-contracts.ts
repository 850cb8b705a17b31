// Issue 30: the seam between the transcription jobs and the API side that stores transcripts.

/** What one transcription attempt came to. */
export type TranscriptionOutcome = 'done' | 'no-speech' | 'skipped';

/** What the transcription worker needs done to a video's transcript (services/transcript-job-store.ts). */
export interface TranscriptJobStore {
  /** Marks a READY video's transcript as waiting; false (nothing to queue) when it is gone. */
  markPending(videoId: string): Promise<boolean>;
  /**
   * One attempt: fetch the audio, transcribe, store the lines and captions. Throws a permanent
   * failure's reason as `PermanentTranscriptionFailure`, anything else to be retried.
   */
  transcribe(videoId: string, work: { scratchDir: string; timeoutMs: number }): Promise<TranscriptionOutcome>;
  markFailed(videoId: string, reason: string): Promise<void>;
}

/** How a READY video or an owner's Retry asks for a transcript. */
export interface TranscriptionQueue {
  enqueueTranscription(videoId: string): Promise<void>;
}

/** A failure another attempt would not get past (a garbage answer, unreadable audio). */
export class PermanentTranscriptionFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentTranscriptionFailure';
  }
}

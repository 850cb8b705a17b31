// The seam between the transcription jobs and the API side that stores transcripts.

/** What one transcription attempt came to. */
export type TranscriptionOutcome = 'done' | 'no-speech' | 'skipped';

/** What the transcription worker needs done to a video's transcript (transcripts/transcript-job-store.ts). */
export interface TranscriptJobStore {
  /**
   * Marks a READY video's transcript as waiting on a new attempt and gives its number (the job
   * carries it); undefined (nothing to queue) when the video is gone.
   */
  markPending(videoId: string): Promise<number | undefined>;
  /**
   * One try of attempt `attempt` (undefined: a job queued before attempts were counted): fetch the
   * audio, transcribe, store the lines and captions; 'skipped' when the video has moved on to
   * another attempt. Throws a permanent failure's reason as `PermanentTranscriptionFailure`,
   * anything else to be retried.
   */
  transcribe(
    videoId: string,
    attempt: number | undefined,
    work: { scratchDir: string; timeoutMs: number },
  ): Promise<TranscriptionOutcome>;
  /** Fails attempt `attempt` only: a later attempt (a Retry) is not this job's to fail. */
  markFailed(videoId: string, attempt: number | undefined, reason: string): Promise<void>;
}

/** A transcription job: the video and the attempt it was queued for. */
export interface TranscriptJob {
  videoId: string;
  attempt?: number;
}

/** How a READY video or an owner's Retry asks for a transcript (attempt: markPending's number). */
export interface TranscriptionQueue {
  enqueueTranscription(videoId: string, attempt: number): Promise<void>;
}

/** A failure another attempt would not get past (a garbage answer, unreadable audio). */
export class PermanentTranscriptionFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentTranscriptionFailure';
  }
}

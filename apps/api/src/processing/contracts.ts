// The seam between the API (db, rpc, http) and processing (queue, worker, ffmpeg). The API
// implements ProcessingVideoStore over its repository; processing implements the queue.

/** Runs SQL on the app's database: PGlite or a pg Pool behind one shape (pg-boss's `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface ProcessingResult {
  /** Key of the remuxed WebM (with duration and cues) that replaces the upload. */
  videoKey: string;
  thumbnailKey: string;
  durationSeconds: number;
  sizeBytes: number;
}

/** What the worker needs to know about and do to a video row. */
export interface ProcessingVideoStore {
  /** The stored upload of a video still PROCESSING, or undefined (deleted, or already done). */
  findForProcessing(videoId: string): Promise<{ id: string; videoKey: string } | undefined>;
  markReady(videoId: string, result: ProcessingResult): Promise<void>;
  markFailed(videoId: string, reason: string): Promise<void>;
}

/** How an accepted upload asks for processing. */
export interface VideoProcessingQueue {
  enqueue(videoId: string): Promise<void>;
}

// The seam between the API (db, media, rpc, http) and processing (queue, worker, ffmpeg). The API
// implements ProcessingVideoStore over its repository and media; processing implements the queue.

export type { SqlExecutor, SqlRunner } from '../db/sql-executor';
import type { SqlRunner } from '../db/sql-executor';
import type { StoryboardLayout } from './storyboard';
export type { StoryboardLayout } from './storyboard';

/** The local files one processing attempt made, for the API side to store. */
export interface ProcessedFiles {
  /** What plays: the remuxed WebM (with duration and cues), or an MP4 (moov first). */
  video: string;
  /** A JPEG frame. */
  thumbnail: string;
  durationSeconds: number;
  /** What `video` is: the remuxed WebM, or an MP4 made of another container. */
  contentType: 'video/webm' | 'video/mp4';
  /** Keep the upload as the original: `video` was re-encoded and lost something of it. */
  keepOriginal: boolean;
}

/** A storyboard sprite (JPEG) and how its tiles are laid out. */
export interface StoryboardFile {
  file: string;
  layout: StoryboardLayout;
}

export interface ProcessingResult {
  durationSeconds: number;
  sizeBytes: number;
}

/** What the worker needs to know about and do to a video and its media. */
export interface ProcessingVideoStore {
  /** A video still PROCESSING with an upload, or undefined (deleted, or already done). */
  findForProcessing(videoId: string): Promise<{ id: string } | undefined>;
  /** Copies the video's upload to the local `path`; false when the upload is missing. */
  fetchUpload(videoId: string, path: string): Promise<boolean>;
  /**
   * Stores the files as the video's playable version and thumbnail and marks it READY; undefined
   * (and nothing stored) when the video is no longer PROCESSING.
   */
  markReady(videoId: string, files: ProcessedFiles): Promise<{ sizeBytes: number } | undefined>;
  /**
   * Stores the hover previews of a READY video, made after it became READY; false (and nothing
   * stored) when the video is gone or no longer READY.
   */
  addStoryboard(videoId: string, storyboard: StoryboardFile): Promise<boolean>;
  markFailed(videoId: string, reason: string): Promise<void>;
  /**
   * How far the running attempt got, in percent (1-99), for GetVideo to show while the
   * video is PROCESSING; kept only while it rises. Without it, processing shows no percentage.
   */
  reportProgress?(videoId: string, percent: number): Promise<unknown>;
}

/** How an accepted upload asks for processing. */
export interface VideoProcessingQueue {
  /**
   * `requestId`: the request that asked, so the job's log lines carry its id. `within`: the
   * transaction that makes the video, so the video and its job exist together or not at all (a
   * process killed in between would otherwise leave a video PROCESSING that nothing finishes);
   * call `wake` once it commits.
   */
  enqueue(videoId: string, options?: { requestId?: string; within?: SqlRunner }): Promise<void>;
  /** Starts this process's worker on jobs just committed, instead of at its next poll. */
  wake(): void;
}

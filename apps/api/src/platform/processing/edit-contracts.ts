// The seam between the API and the edit render job, as contracts.ts is for processing.
import type { StoryboardFile } from './contracts';
import type { BlurRegion, TimeRange } from './cut-plan';

export type { BlurRegion, TimeRange } from './cut-plan';

/** The local file one render made, for the API side to store. */
export interface EditedFiles {
  video: string;
  /** A WebM cut from a VP8/VP9 source, an MP4 from any other (H.264). */
  contentType: 'video/webm' | 'video/mp4';
  durationSeconds: number;
  /** The kept ranges as rendered (moved to frame edges): what the file holds. */
  kept: TimeRange[];
  /** A JPEG frame of the edited version; absent when none could be taken (the original's then shows). */
  thumbnail?: string;
  /** Hover previews of the edited version; absent when they could not be made. */
  storyboard?: StoryboardFile;
}

/** What the render job needs to know about and do to a video and its media. */
export interface EditVideoStore {
  /**
   * The ranges of edit `version` and the regions to blur into its frames (on the
   * original's timeline) while the video still waits for it; undefined otherwise.
   */
  findEdit(videoId: string, version: number): Promise<{ ranges: TimeRange[]; blurs?: BlurRegion[] } | undefined>;
  /** Copies the unedited video to the local `path`; false when it is missing. */
  fetchSource(videoId: string, path: string): Promise<boolean>;
  /**
   * Stores the file as the video's edited version and marks the edit applied; false (and nothing
   * stored) when the video no longer waits for `version` (reverted, saved again or deleted).
   */
  publishEdit(videoId: string, version: number, files: EditedFiles): Promise<boolean>;
  /** Marks edit `version` failed (if it is still the one waited for); the playing version stays. */
  markEditFailed(videoId: string, version: number, reason: string): Promise<void>;
}

/** How a saved edit asks for its render. */
export interface EditRenderQueue {
  enqueueRender(videoId: string, version: number): Promise<void>;
}

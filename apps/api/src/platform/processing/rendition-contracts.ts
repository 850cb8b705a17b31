import type { MadeHls } from './make-hls';

// The seam between the API and the MP4 rendition job, as contracts.ts is for processing.

/** The version that plays now, as the rendition job sees it. */
export interface RenditionSource {
  /** Names that version and no other (its asset's key): the rendition is published only while it still plays. */
  version: string;
  /** Its MP4 rendition exists already: nothing to do. */
  done: boolean;
}

/** What the rendition job needs to know about and do to a video and its media. */
export interface RenditionVideoStore {
  /** The version of a READY video that plays now; undefined when the video is gone or not READY. */
  findRenditionSource(videoId: string): Promise<RenditionSource | undefined>;
  /** Copies that version to the local `path`; false when it is no longer the one that plays. */
  fetchRenditionSource(videoId: string, version: string, path: string): Promise<boolean>;
  /**
   * Stores the MP4 (the file at `path`, taken) as the video's rendition of `version`, with its HLS
   * presentation when one was made (none: any earlier one goes); false (and nothing stored) when
   * another version plays by now or the video is gone.
   */
  publishMp4(videoId: string, version: string, path: string, hls?: MadeHls): Promise<boolean>;
  /** Notes that no MP4 could be made of the version that plays; the video plays on as it was. */
  markMp4Failed(videoId: string, reason: string): Promise<void>;
}

/** How a video that became READY, or whose playing version changed, asks for its MP4. */
export interface RenditionQueue {
  enqueueMp4(videoId: string): Promise<void>;
}

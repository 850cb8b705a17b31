import type { VideoStatus, VideoVisibility } from './video.table';
import type { VideoEditing } from '../edits';
import type { VideoTranscript } from '../transcripts';

export type { VideoStatus, VideoVisibility };

/** A video as the business rules see it. */
export interface Video {
  id: string;
  userId: string;
  title: string;
  description: string;
  status: VideoStatus;
  visibility: VideoVisibility;
  hasVideoBlob: boolean;
  /** The type of the original's download (the kept upload, else the playable); '' without one. */
  originalContentType?: string;
  hasThumbnail: boolean;
  sourceUrl?: string;
  durationSeconds: number;
  sizeBytes: number;
  failureReason: string;
  /** While PROCESSING, how far making what plays got, in percent; 0 while unknown and once done. */
  processingProgress: number;
  createdAt: Date;
  /** Viewers counted by RecordView (once per viewer per hour, never the owner). */
  viewCount: number;
  /** The owner's display name as it was when the video was made; '' when unknown. */
  ownerName: string;
  /** Its edit, chapters and playback settings. */
  editing: VideoEditing;
  /** The folder it is in; '' at the library's root. */
  folderId: string;
  /** Tag names, alphabetically. */
  tags: string[];
  /** Where its transcript is; undefined where a caller built a Video by hand. */
  transcript?: VideoTranscript;
  /** In a search's results: the first transcript line that matched. */
  transcriptMatch?: { start: number; end: number; text: string; index: number };
}

// The contract's limits live in @stream/proto, where the fakes of @stream/video-api/testing read them too.
export {
  DEFAULT_PAGE_SIZE,
  MAX_DESCRIPTION_LENGTH,
  MAX_PAGE_SIZE,
  MAX_SHARE_SECONDS,
  MAX_TITLE_LENGTH,
} from '@stream/proto';

/** What a video file's first bytes must look like: for the upload routes' early refusals. */
export { ACCEPTED_CONTAINERS, VIDEO_MAGIC_LENGTH, videoContainerOf } from '../platform/media/video-magic';

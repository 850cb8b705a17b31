import { callToActionOf } from '../sharing/call-to-action';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { EditState, Status, TranscriptState, type Video, Visibility } from '@stream/proto';
import { annotationMarksOf } from './annotations-view';

// The Video message as the plain props of @stream/ui's components (ui never imports proto); the
// string unions here are the ui's own labels, which TypeScript checks where the app joins the two.

export type VideoStatusLabel = 'PROCESSING' | 'READY' | 'FAILED' | 'UNSPECIFIED';
export type VideoVisibilityLabel = 'private' | 'shared' | 'public' | 'team';
export type EditStateLabel = 'none' | 'applying' | 'applied' | 'failed';

/** A proto enum's value as its ui label, by a table of the known values; any other value is `fallback`. */
export const enumLabel =
  <E extends number, L extends string>(labels: Partial<Record<E, L>>, fallback: L) =>
  (value: E | undefined): L =>
    (value !== undefined && labels[value]) || fallback;

export const statusLabel = enumLabel<Status, VideoStatusLabel>(
  { [Status.PROCESSING]: 'PROCESSING', [Status.READY]: 'READY', [Status.FAILED]: 'FAILED' },
  'UNSPECIFIED',
);

export const visibilityOfLabel: Record<VideoVisibilityLabel, Visibility> = {
  private: Visibility.PRIVATE,
  shared: Visibility.SHARED,
  public: Visibility.PUBLIC,
  team: Visibility.TEAM,
};

/** visibilityOfLabel the other way round: PRIVATE and anything unknown are 'private'. */
export const visibilityLabel = enumLabel<Visibility, VideoVisibilityLabel>(
  Object.fromEntries(Object.entries(visibilityOfLabel).map(([label, value]) => [value, label])),
  'private',
);

export function createdAtOf(video: Video): Date {
  return video.createdAt ? timestampDate(video.createdAt) : new Date(Number.NaN);
}

/** A card of the library (`VideoCard`), without its links and actions. */
export function cardOf(video: Video) {
  return {
    title: video.title,
    description: video.description,
    thumbnailUrl: video.thumbnailUrl,
    status: statusLabel(video.status),
    processingProgress: video.processingProgress || undefined,
    visibility: visibilityLabel(video.visibility),
    createdAt: createdAtOf(video),
    durationSeconds: video.durationSeconds || undefined,
    views: Number(video.viewCount),
    tags: video.tags,
  };
}

/**
 * Where the video plays (`VideoStage`): its status, and for the player its stream (its MP4 and HLS
 * renditions too), the owner's
 * chapters (the description's time lines are added by the ui), default speed, hover previews, captions
 * and the overlays drawn over what plays.
 */
export function stageOf(video: Video) {
  return {
    status: statusLabel(video.status),
    failureReason: video.failureReason,
    processingProgress: video.processingProgress || undefined,
    src: video.url,
    mp4Src: video.mp4Url || undefined,
    hls: video.hlsUrl
      ? {
          url: video.hlsUrl,
          rungs: video.hlsRungs.map((rung) => ({ height: rung.height, playlistUrl: rung.playlistUrl })),
        }
      : undefined,
    knownDuration: video.durationSeconds || undefined,
    poster: video.thumbnailUrl || undefined,
    label: video.title || 'Video player',
    chapters: video.chapters.map((chapter) => ({ seconds: chapter.seconds, title: chapter.title })),
    description: video.description,
    defaultRate: video.defaultPlaybackRate || undefined,
    storyboard: video.storyboard?.url ? { ...video.storyboard } : undefined,
    captionsUrl: video.captionsUrl || undefined,
    annotations: annotationMarksOf(video.annotations),
    callToAction: callToActionOf(video),
  };
}

export const editStateLabel = enumLabel<EditState, EditStateLabel>(
  { [EditState.APPLYING]: 'applying', [EditState.APPLIED]: 'applied', [EditState.FAILED]: 'failed' },
  'none',
);

export const keptSpansOf = (video: Video) =>
  video.keptRanges.map((range) => ({ start: range.startSeconds, end: range.endSeconds }));

/**
 * Whether a video's page has the transcript's place beside the player: a READY video with a
 * transcript (made, being made, or failed), or for its owner any READY one (Transcribe is offered).
 */
export const showsTranscript = (video: Video, owner = false) =>
  video.status === Status.READY && (owner || video.transcriptState !== TranscriptState.NONE);

/**
 * The owner's original file for Download's "Original": its address and media type, so
 * an uploaded MOV is saved as .mov; undefined for anyone else (no original_url).
 */
export const originalFileOf = (video: Video) =>
  video.originalUrl ? { url: video.originalUrl, contentType: video.originalContentType } : undefined;

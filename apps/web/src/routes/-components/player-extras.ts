import { EditState, type Video } from '@stream/proto';
import {
  chaptersFromDescription,
  mergeChapters,
  type ChapterMark,
  type EditStateLabel,
  type StoryboardSprite,
  type TimeSpan,
} from '@stream/ui';

// Issue 16: the route layer maps the Video message to the player's and editor's plain props.

export interface PlayerExtras {
  chapters: ChapterMark[];
  defaultRate?: number;
  storyboard?: StoryboardSprite;
  captionsUrl?: string;
}

/** The owner's chapters and the description's time lines, the default speed, hover previews and captions. */
export function playerExtras(video: Video): PlayerExtras {
  const stored = video.chapters.map((chapter) => ({ seconds: chapter.seconds, title: chapter.title }));
  return {
    chapters: mergeChapters(stored, chaptersFromDescription(video.description), video.durationSeconds),
    defaultRate: video.defaultPlaybackRate || undefined,
    storyboard: video.storyboard?.url ? { ...video.storyboard } : undefined,
    captionsUrl: video.captionsUrl || undefined,
  };
}

export function editStateLabel(state: EditState): EditStateLabel {
  switch (state) {
    case EditState.APPLYING:
      return 'applying';
    case EditState.APPLIED:
      return 'applied';
    case EditState.FAILED:
      return 'failed';
    default:
      return 'none';
  }
}

export const keptSpansOf = (video: Video): TimeSpan[] =>
  video.keptRanges.map((range) => ({ start: range.startSeconds, end: range.endSeconds }));

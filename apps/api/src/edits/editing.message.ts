import type { MessageInitShape } from '@bufbuild/protobuf';
import { annotationInitOf, EditState, type VideoSchema } from '@stream/proto';
import type { EditState as StoredEditState, StoredRange } from './edit';
import type { StoredVideo } from '../videos';
import { overlaysOnPlayingTimeline } from './annotation-timeline';
import type { VideoLinks } from '../videos';

const editStateToProto: Record<StoredEditState, EditState> = {
  NONE: EditState.NONE,
  APPLYING: EditState.APPLYING,
  APPLIED: EditState.APPLIED,
  FAILED: EditState.FAILED,
};

const toRanges = (ranges: StoredRange[]) =>
  ranges.map((range) => ({ startSeconds: range.start, endSeconds: range.end }));

/** The Video fields 20-29: the edit, chapters, playback settings and their URLs. */
export function editingFields(
  video: StoredVideo,
  links: VideoLinks,
  owner: boolean,
  ownerAnnotations = owner,
): MessageInitShape<typeof VideoSchema> {
  const { editing } = video;
  return {
    keptRanges: toRanges(editing.keptRanges),
    editState: editStateToProto[editing.state],
    chapters: editing.chapters.map((chapter) => ({ seconds: chapter.seconds, title: chapter.title })),
    defaultPlaybackRate: editing.defaultPlaybackRate,
    storyboard: editing.storyboard && { url: links.storyboardUrl(video), ...editing.storyboard },
    captionsUrl: links.captionsUrl(video),
    originalDurationSeconds: video.durationSeconds,
    playingRanges: toRanges(editing.playingRanges),
    editFailureReason: editing.failureReason,
    originalUrl: owner ? links.originalUrl(video) : '',
    originalContentType: owner && video.hasVideoBlob ? (video.originalContentType ?? '') : '',
    // What the player draws, on the timeline of what plays; the saved list, blur
    // included, is the owner's alone.
    annotations: overlaysOnPlayingTimeline(editing.annotations, editing.playingRanges).map(annotationInitOf),
    editAnnotations: ownerAnnotations ? editing.annotations.map(annotationInitOf) : [],
  };
}

import type {
  AnnotationKind,
  EditState,
  StoredAnnotation,
  StoredChapter,
  StoredRange,
  StoredStoryboard,
} from './edit.table';
import type { VideoRow } from '../videos';

export type { AnnotationKind, EditState, StoredAnnotation, StoredChapter, StoredRange, StoredStoryboard };

/** A video's edit and playback settings as the services see them. */
export interface VideoEditing {
  /** The edit the owner saved; empty: none. */
  keptRanges: StoredRange[];
  state: EditState;
  failureReason: string;
  /** What the stream plays, as ranges of the original; empty: the whole original. */
  playingRanges: StoredRange[];
  /** The length of what the stream plays when it is an edited version. */
  editedDurationSeconds?: number;
  chapters: StoredChapter[];
  /** 0: normal speed. */
  defaultPlaybackRate: number;
  /** The storyboard of what the stream plays, when there is one. */
  storyboard?: StoredStoryboard;
  hasCaptions: boolean;
  /** The annotations saved with the edit, on the original's timeline, blur included. */
  annotations: StoredAnnotation[];
}

export function editingOf(row: VideoRow): VideoEditing {
  const edited = row.edited_ranges ?? [];
  return {
    keptRanges: row.kept_ranges ?? [],
    state: row.edit_state ?? 'NONE',
    failureReason: row.edit_failure_reason ?? '',
    playingRanges: edited,
    editedDurationSeconds: row.edited_duration_seconds ?? undefined,
    chapters: row.chapters ?? [],
    defaultPlaybackRate: row.default_playback_rate ?? 0,
    storyboard: (edited.length ? row.edited_storyboard : row.storyboard) ?? undefined,
    hasCaptions: row.has_captions ?? false,
    annotations: row.annotations ?? [],
  };
}

import type { AnnotationFields, AnnotationKindName } from '@stream/proto';
import type { ColumnType } from 'kysely';

/** A part of a video's timeline in seconds, [start, end), as stored in jsonb. */
export interface StoredRange {
  start: number;
  end: number;
}

/** A timestamped note on a video. */
export interface StoredChapter {
  seconds: number;
  title: string;
}

/** How the storyboard sprite is laid out: `count` tiles, row by row, one every `intervalSeconds`. */
export interface StoredStoryboard {
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  intervalSeconds: number;
  count: number;
}

export type AnnotationKind = AnnotationKindName;

/** An annotation as saved, on the original's timeline: the contract's fields, kind by name. */
export type StoredAnnotation = AnnotationFields;

export type EditState = 'NONE' | 'APPLYING' | 'APPLIED' | 'FAILED';

/** jsonb: read as a value, written as its JSON text (pg would send an array as a Postgres array). */
type Json<T> = ColumnType<T, string | undefined, string>;

/** The editing and playback columns of videos (migration 20261123201000-editing). */
export interface EditColumns {
  /** The edit the owner saved; null: none (the original plays). */
  kept_ranges: ColumnType<StoredRange[] | null, string | null | undefined, string | null>;
  edit_state: ColumnType<EditState, EditState | undefined, EditState>;
  /** Grows with every save and revert; a render carries the version it was queued for. */
  edit_version: ColumnType<number, number | undefined, number>;
  edit_failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the published `edited` asset holds (frame-exact), null when none is published. */
  edited_ranges: ColumnType<StoredRange[] | null, string | null | undefined, string | null>;
  edited_duration_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  chapters: Json<StoredChapter[]>;
  default_playback_rate: ColumnType<number | null, number | null | undefined, number | null>;
  /** The layout of the `storyboard` asset (of the unedited video). */
  storyboard: ColumnType<StoredStoryboard | null, string | null | undefined, string | null>;
  /** The layout of the `edited-storyboard` asset, made with the edited version. */
  edited_storyboard: ColumnType<StoredStoryboard | null, string | null | undefined, string | null>;
  /** Whether a `captions` asset exists; set in the same transaction that publishes or removes it. */
  has_captions: ColumnType<boolean, boolean | undefined, boolean>;
  /** The annotations (migration 20261126030000-annotations) saved with the edit. */
  annotations: Json<StoredAnnotation[]>;
}

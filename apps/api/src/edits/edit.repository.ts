import { sql, type Kysely } from 'kysely';
import type { StoredAnnotation, StoredChapter, StoredRange, StoredStoryboard } from './edit.table';
import type { Database } from '../platform/db/schema';

// Plain functions over the editing columns of videos (edit.table.ts); `db` may be a transaction.

/** Saves an edit of a READY video and returns its version, which its render job carries; undefined when absent. */
export async function saveEdit(
  db: Kysely<Database>,
  id: string,
  ranges: StoredRange[],
  annotations: StoredAnnotation[] = [],
): Promise<number | undefined> {
  const row = await db
    .updateTable('videos')
    .set((eb) => ({
      kept_ranges: JSON.stringify(ranges),
      annotations: JSON.stringify(annotations),
      edit_state: 'APPLYING',
      edit_version: eb('edit_version', '+', 1),
      edit_failure_reason: null,
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', id)
    .where('status', '=', 'READY')
    .returning('edit_version')
    .executeTakeFirst();
  return row?.edit_version;
}

/**
 * Replaces the annotations alone, leaving the edit and its render as they are: for a save that
 * changes only what the player draws. False when absent.
 */
export async function saveAnnotations(db: Kysely<Database>, id: string, annotations: StoredAnnotation[]) {
  const result = await db
    .updateTable('videos')
    .set({ annotations: JSON.stringify(annotations), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The ranges and annotations of edit `version` while the video still waits for it. */
export async function findPendingEdit(
  db: Kysely<Database>,
  id: string,
  version: number,
): Promise<{ ranges: StoredRange[]; annotations: StoredAnnotation[] } | undefined> {
  const row = await db
    .selectFrom('videos')
    .select(['kept_ranges', 'annotations'])
    .where('id', '=', id)
    .where('edit_version', '=', version)
    .where('edit_state', '=', 'APPLYING')
    .executeTakeFirst();
  return row?.kept_ranges ? { ranges: row.kept_ranges, annotations: row.annotations ?? [] } : undefined;
}

/** Marks edit `version` applied with what the published file holds; false when it is no longer waited for. */
export async function markEditApplied(
  db: Kysely<Database>,
  id: string,
  version: number,
  applied: { ranges: StoredRange[]; durationSeconds: number; storyboard: StoredStoryboard | null },
): Promise<boolean> {
  const result = await db
    .updateTable('videos')
    .set({
      edit_state: 'APPLIED',
      edited_ranges: JSON.stringify(applied.ranges),
      edited_duration_seconds: applied.durationSeconds,
      edited_storyboard: applied.storyboard && JSON.stringify(applied.storyboard),
      mp4_state: 'NONE', // the MP4 was of the version that played until now
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('edit_version', '=', version)
    .where('edit_state', '=', 'APPLYING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the published edited version keeps of the original; null when the original plays. */
export async function publishedEditRanges(db: Kysely<Database>, id: string): Promise<StoredRange[] | null> {
  const row = await db.selectFrom('videos').select('edited_ranges').where('id', '=', id).executeTakeFirst();
  return row?.edited_ranges ?? null;
}

export async function markEditFailed(db: Kysely<Database>, id: string, version: number, reason: string): Promise<void> {
  await db
    .updateTable('videos')
    .set({ edit_state: 'FAILED', edit_failure_reason: reason.slice(0, 1000), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('edit_version', '=', version)
    .where('edit_state', '=', 'APPLYING')
    .execute();
}

/**
 * Forgets every edit (a running render of an older version then lands nowhere) and sets the
 * annotations (none, unless a save that keeps the whole video unblurred brings overlays); false
 * when absent.
 */
export async function revertEdit(
  db: Kysely<Database>,
  id: string,
  annotations: StoredAnnotation[] = [],
): Promise<boolean> {
  const result = await db
    .updateTable('videos')
    .set((eb) => ({
      kept_ranges: null,
      annotations: JSON.stringify(annotations),
      edit_state: 'NONE',
      edit_version: eb('edit_version', '+', 1),
      edit_failure_reason: null,
      edited_ranges: null,
      edited_duration_seconds: null,
      edited_storyboard: null,
      mp4_state: 'NONE', // the MP4 was of the version that played until now
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces the chapters and/or the default speed (null clears it); false when absent. */
export async function updatePlayback(
  db: Kysely<Database>,
  id: string,
  changes: { chapters?: StoredChapter[]; defaultPlaybackRate?: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('videos')
    .set({
      ...(changes.chapters ? { chapters: JSON.stringify(changes.chapters) } : {}),
      ...(changes.defaultPlaybackRate !== undefined ? { default_playback_rate: changes.defaultPlaybackRate } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setHasCaptions(db: Kysely<Database>, id: string, has: boolean): Promise<boolean> {
  const result = await db.updateTable('videos').set({ has_captions: has }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

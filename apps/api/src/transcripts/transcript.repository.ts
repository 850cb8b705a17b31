import { sql, type Kysely, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { TranscriptWordJson } from './transcript.table';
import type { TranscriptState } from '../videos';
import type { Database } from '../platform/db/schema';

// A video's transcript: its state on the video row, its lines in transcript_segments.

export interface SegmentRow {
  position: number;
  start_seconds: number;
  end_seconds: number;
  text: string;
  words: TranscriptWordJson[] | null;
  edited: boolean;
}

export async function listSegments(db: Kysely<Database>, videoId: string): Promise<SegmentRow[]> {
  return db
    .selectFrom('transcript_segments')
    .select(['position', 'start_seconds', 'end_seconds', 'text', 'words', 'edited'])
    .where('video_id', '=', videoId)
    .orderBy('position')
    .execute();
}

/**
 * Sets the state (and reason, language) of a video's transcript; `onlyFrom` makes it a compare
 * and set, `attempt` limits it to that transcription attempt (a job's, not an earlier one's).
 * False when the video is gone, was not in one of `onlyFrom`, or is on another attempt.
 */
export async function setTranscriptState(
  db: Kysely<Database>,
  videoId: string,
  state: TranscriptState,
  options: TranscriptStateChange & { reason?: string; language?: string } = {},
): Promise<boolean> {
  const query = guarded(
    db
      .updateTable('videos')
      .set({
        transcript_state: state,
        transcript_failure_reason: options.reason ?? null,
        transcript_progress: null,
        ...(options.language !== undefined && { transcript_language: options.language }),
      })
      .where('id', '=', videoId),
    options,
  );
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

interface TranscriptStateChange {
  onlyFrom?: Array<TranscriptState | null>;
  attempt?: number;
}

function guarded<Q extends UpdateQueryBuilder<Database, 'videos', 'videos', UpdateResult>>(
  query: Q,
  { onlyFrom, attempt }: TranscriptStateChange,
): Q {
  let guardedQuery = query;
  if (attempt !== undefined) guardedQuery = guardedQuery.where('transcript_attempt', '=', attempt) as Q;
  if (!onlyFrom) return guardedQuery;
  const states = onlyFrom.filter((value): value is TranscriptState => value !== null);
  const orNull = onlyFrom.includes(null);
  return guardedQuery.where((eb) =>
    eb.or([
      ...(states.length ? [eb('transcript_state', 'in', states)] : []),
      ...(orNull ? [eb('transcript_state', 'is', null)] : []),
    ]),
  ) as Q;
}

/**
 * Asks for a new transcription: PENDING, on a new attempt whose number it returns (its job carries
 * it); undefined when the video is gone or not in one of `onlyFrom`.
 */
export async function beginTranscriptAttempt(
  db: Kysely<Database>,
  videoId: string,
  onlyFrom?: Array<TranscriptState | null>,
): Promise<number | undefined> {
  const row = await guarded(
    db
      .updateTable('videos')
      .set((eb) => ({
        transcript_state: 'PENDING' as const,
        transcript_failure_reason: null,
        transcript_progress: null,
        transcript_attempt: eb('transcript_attempt', '+', 1),
        suggested_summary: '',
        suggested_chapters: null,
      }))
      .where('id', '=', videoId),
    { onlyFrom },
  )
    .returning('transcript_attempt')
    .executeTakeFirst();
  return row?.transcript_attempt;
}

/** The running attempt's percent done; nothing when another attempt has begun or it is no longer running. */
export async function setTranscriptProgress(
  db: Kysely<Database>,
  videoId: string,
  attempt: number | undefined,
  percent: number,
): Promise<void> {
  await guarded(
    db
      .updateTable('videos')
      .set({ transcript_progress: Math.max(0, Math.min(100, Math.round(percent))) })
      .where('id', '=', videoId),
    { attempt, onlyFrom: ['RUNNING'] },
  ).execute();
}

/** What a SUMMARY_URL server suggested from attempt `attempt`'s transcript. */
export async function setSuggestions(
  db: Kysely<Database>,
  videoId: string,
  attempt: number | undefined,
  suggestion: { summary: string; chapters: Array<{ seconds: number; title: string }> },
): Promise<void> {
  await guarded(
    db
      .updateTable('videos')
      .set({ suggested_summary: suggestion.summary, suggested_chapters: JSON.stringify(suggestion.chapters) })
      .where('id', '=', videoId),
    { attempt },
  ).execute();
}

/**
 * Replaces the video's lines (a new transcription); lines the owner corrected are not kept.
 * `searchText`: the words the engine was sure of, where they are not the whole line.
 */
export async function replaceSegments(
  db: Kysely<Database>,
  videoId: string,
  segments: ReadonlyArray<{
    start: number;
    end: number;
    text: string;
    words?: TranscriptWordJson[];
    searchText?: string;
  }>,
): Promise<void> {
  await db.deleteFrom('transcript_segments').where('video_id', '=', videoId).execute();
  if (!segments.length) return;
  await db
    .insertInto('transcript_segments')
    .values(
      segments.map((segment, position) => ({
        video_id: videoId,
        position,
        start_seconds: segment.start,
        end_seconds: segment.end,
        text: segment.text,
        words: segment.words ? JSON.stringify(segment.words) : null,
        search_text:
          segment.searchText !== undefined && segment.searchText !== segment.text ? segment.searchText : null,
      })),
    )
    .execute();
}

/** The owner's correction of one line: its words' times no longer name its words, so they go. */
export async function updateSegmentText(
  db: Kysely<Database>,
  videoId: string,
  position: number,
  text: string,
): Promise<boolean> {
  const result = await db
    .updateTable('transcript_segments')
    .set({ text, words: null, edited: true, search_text: null })
    .where('video_id', '=', videoId)
    .where('position', '=', position)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** For each of `videoIds` with a line matching the tsquery ('simple'), its first such line. */
export async function firstMatchingLines(
  db: Kysely<Database>,
  videoIds: string[],
  tsquery: string,
): Promise<Map<string, { index: number; start: number; end: number; text: string }>> {
  if (!videoIds.length) return new Map();
  const rows = await db
    .selectFrom('transcript_segments')
    .select(['video_id', 'position', 'start_seconds', 'end_seconds', 'text'])
    .distinctOn('video_id')
    .where('video_id', 'in', videoIds)
    .where(sql<boolean>`search_vector @@ to_tsquery('simple', ${tsquery})`)
    .orderBy('video_id')
    .orderBy('start_seconds')
    .execute();
  return new Map(
    rows.map((row) => [
      row.video_id,
      { index: row.position, start: row.start_seconds, end: row.end_seconds, text: row.text },
    ]),
  );
}

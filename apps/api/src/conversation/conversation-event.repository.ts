import { sql, type Kysely } from 'kysely';
import type { ConversationEventKind } from './conversation-event.table';
import type { Database } from '../platform/db/schema';

/** The channel a change of a video's conversation is NOTIFYed on (its payload: the video's id). */
export const CONVERSATION_CHANNEL = 'conversation_changed';

/**
 * Numbers a change of the video's conversation, and NOTIFYs it: inside the caller's transaction,
 * PostgreSQL sends it on commit, so a listening process reads the change as soon as it hears.
 */
export async function addEvent(db: Kysely<Database>, videoId: string, kind: ConversationEventKind, subjectId = '') {
  await db.insertInto('conversation_events').values({ video_id: videoId, kind, subject_id: subjectId }).execute();
  await sql`select pg_notify(${CONVERSATION_CHANNEL}, ${videoId})`.execute(db);
}

export async function lastEventSeq(db: Kysely<Database>, videoId: string): Promise<number> {
  const row = await db
    .selectFrom('conversation_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

export const eventsAfter = async (db: Kysely<Database>, videoId: string, after: number, limit: number) =>
  (
    await db
      .selectFrom('conversation_events')
      .select(['seq', 'kind', 'subject_id'])
      .where('video_id', '=', videoId)
      .where('seq', '>', after as never)
      .orderBy('seq')
      .limit(limit)
      .execute()
  ).map((row) => ({ seq: Number(row.seq), kind: row.kind, subjectId: row.subject_id }));

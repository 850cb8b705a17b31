import type { Kysely, Selectable } from 'kysely';
import type { ReactionTable } from './reaction.table';
import type { Database } from '../platform/db/schema';

export type ReactionRow = Selectable<ReactionTable>;

const MAX_LISTED_REACTIONS = 5_000;

export const findReaction = (db: Kysely<Database>, id: string) =>
  db.selectFrom('reactions').selectAll().where('id', '=', id).executeTakeFirst();

/** A video's latest reactions, by moment. */
export const listReactions = async (db: Kysely<Database>, videoId: string) =>
  (
    await db
      .selectFrom('reactions')
      .selectAll()
      .where('video_id', '=', videoId)
      .orderBy('created_at', 'desc')
      .limit(MAX_LISTED_REACTIONS)
      .execute()
  ).sort((a, b) => a.moment_seconds - b.moment_seconds);

export const insertReaction = (db: Kysely<Database>, row: Omit<ReactionRow, 'created_at'>) =>
  db.insertInto('reactions').values(row).returningAll().executeTakeFirstOrThrow();

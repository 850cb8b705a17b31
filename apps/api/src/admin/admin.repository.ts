import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { UserSource } from '../accounts';

/** One person as /admin lists them. */
export interface PersonRow {
  uid: string;
  email: string;
  displayName: string;
  disabled: boolean;
  /** Where they came from: their sign-in's identity provider, or the directory (SCIM). */
  source: UserSource;
  quotaBytes?: number;
  usedBytes: number;
  videoCount: number;
  lastActiveAt: Date;
  createdAt: Date;
}

const num = (value: string | number | null | undefined) => (value === null || value === undefined ? 0 : Number(value));

function people(db: Kysely<Database>) {
  const videos = db
    .selectFrom('videos')
    .select(['user_id', sql<string | number>`count(*)`.as('video_count')])
    .groupBy('user_id')
    .as('v');
  const used = db
    .selectFrom('media_assets')
    .innerJoin('videos', 'videos.id', 'media_assets.video_id')
    .select(['videos.user_id', sql<string | number>`sum(media_assets.size_bytes)`.as('used_bytes')])
    .groupBy('videos.user_id')
    .as('u');
  return db
    .selectFrom('users')
    .leftJoin(videos, 'v.user_id', 'users.uid')
    .leftJoin(used, 'u.user_id', 'users.uid')
    .select([
      'users.uid',
      'users.email',
      'users.display_name',
      'users.disabled',
      'users.source',
      'users.quota_bytes',
      'users.last_seen_at',
      'users.created_at',
      'v.video_count',
      'u.used_bytes',
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof people>['executeTakeFirstOrThrow']>>;

const toPerson = (row: Selected): PersonRow => ({
  uid: row.uid,
  email: row.email,
  displayName: row.display_name,
  disabled: row.disabled,
  source: row.source,
  ...(row.quota_bytes === null ? {} : { quotaBytes: Number(row.quota_bytes) }),
  usedBytes: num(row.used_bytes),
  videoCount: num(row.video_count),
  lastActiveAt: row.last_seen_at,
  createdAt: row.created_at,
});

/** Every person who ever signed in, most recently active first. */
export async function listPeople(db: Kysely<Database>): Promise<PersonRow[]> {
  const rows = await people(db).orderBy('users.last_seen_at', 'desc').orderBy('users.uid').execute();
  return rows.map(toPerson);
}

export async function findPerson(db: Kysely<Database>, uid: string): Promise<PersonRow | undefined> {
  const row = await people(db).where('users.uid', '=', uid).executeTakeFirst();
  return row && toPerson(row);
}

/** False when nobody has that uid. */
export async function setDisabled(db: Kysely<Database>, uid: string, disabled: boolean): Promise<boolean> {
  const result = await db.updateTable('users').set({ disabled }).where('uid', '=', uid).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** False when nobody has that uid. `quotaBytes` undefined: back to the default. */
export async function setQuota(db: Kysely<Database>, uid: string, quotaBytes: number | undefined): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ quota_bytes: quotaBytes ?? null })
    .where('uid', '=', uid)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether `uid` was in one of OIDC_ADMIN_GROUPS at their last OpenID Connect sign-in. */
export async function isDirectoryAdmin(db: Kysely<Database>, uid: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('directory_admin').where('uid', '=', uid).executeTakeFirst();
  return row?.directory_admin === true;
}

/** The uid of the oldest person (the first admin of a development instance that has not recorded one). */
export async function firstPerson(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('uid')
    .orderBy('created_at')
    .orderBy('uid')
    .limit(1)
    .executeTakeFirst();
  return row?.uid;
}

/** Whether `uid` has a row and whether it is disabled. */
export async function standing(db: Kysely<Database>, uid: string): Promise<{ disabled: boolean } | undefined> {
  return db.selectFrom('users').select('disabled').where('uid', '=', uid).executeTakeFirst();
}

export interface AuditInput {
  actorUid: string;
  actorEmail: string;
  action: string;
  targetUid?: string;
  detail?: string;
}

export async function writeAudit(db: Kysely<Database>, entry: AuditInput): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      actor_uid: entry.actorUid,
      actor_email: entry.actorEmail,
      action: entry.action,
      target_uid: entry.targetUid ?? '',
      detail: entry.detail ?? '',
    })
    .execute();
}

export async function listAudit(db: Kysely<Database>, limit: number) {
  return db.selectFrom('admin_audit_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

/** People, videos and stored bytes of the whole instance. */
export async function totals(db: Kysely<Database>) {
  const row = await db
    .selectNoFrom([
      sql<string | number>`(select count(*) from users)`.as('people'),
      sql<string | number>`(select count(*) from videos)`.as('videos'),
      sql<string | number>`(select coalesce(sum(size_bytes), 0) from media_assets)`.as('bytes'),
    ])
    .executeTakeFirstOrThrow();
  return { people: num(row.people), videos: num(row.videos), storedBytes: num(row.bytes) };
}

/** Jobs of every queue waiting to run (created or waiting to retry) and failed for good, from pg-boss's table. */
export async function jobCounts(db: Kysely<Database>): Promise<{ waiting: number; failed: number }> {
  const { rows } = await sql<{ waiting: string | number; failed: string | number }>`
    select count(*) filter (where state in ('created', 'retry')) as waiting,
           count(*) filter (where state = 'failed') as failed
      from pgboss.job`.execute(db);
  return { waiting: num(rows[0]?.waiting), failed: num(rows[0]?.failed) };
}

/** An instance-wide setting, parsed; undefined when never set. */
export async function readSetting(db: Kysely<Database>, name: string): Promise<unknown> {
  const row = await db.selectFrom('instance_settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Writes `name` only when it has no value yet (the first writer wins a race). */
export async function insertSettingIfAbsent(db: Kysely<Database>, name: string, value: unknown): Promise<void> {
  await db
    .insertInto('instance_settings')
    .values({ name, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function writeSetting(db: Kysely<Database>, name: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('instance_settings')
    .values({ name, value: json })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: json, updated_at: sql<Date>`now()` }))
    .execute();
}

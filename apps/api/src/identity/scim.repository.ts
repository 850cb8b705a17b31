import { randomBytes } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../platform/db/schema';

/** A filter the SCIM service understood, on the two things a person is found by. */
export type PersonCondition =
  { kind: 'eq'; field: 'email' | 'externalId'; value: string } | { kind: 'and' | 'or'; parts: PersonCondition[] };

const COLUMNS = ['uid', 'email', 'display_name', 'disabled', 'scim_external_id', 'created_at', 'updated_at'] as const;
export interface ScimPersonRow {
  uid: string;
  email: string;
  display_name: string;
  disabled: boolean;
  scim_external_id: string | null;
  created_at: Date;
  updated_at: Date;
}

function where(eb: ExpressionBuilder<Database, 'users'>, condition: PersonCondition): Expression<SqlBool> {
  if (condition.kind !== 'eq') {
    const parts = condition.parts.map((part) => where(eb, part));
    return condition.kind === 'and' ? eb.and(parts) : eb.or(parts);
  }
  const { field, value } = condition;
  // userName (an email) is matched without regard to case, as RFC 7643 says of it; externalId exactly.
  return field === 'email'
    ? eb(sql<string>`lower(email)`, '=', value.toLowerCase())
    : eb('scim_external_id', '=', value);
}

export async function scimPeople(
  db: Kysely<Database>,
  condition: PersonCondition | undefined,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: ScimPersonRow[] }> {
  const base = db
    .selectFrom('users')
    .$if(condition !== undefined, (query) => query.where((eb) => where(eb, condition!)));
  const counted = await base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow();
  const rows =
    page.limit === 0
      ? []
      : await base.select(COLUMNS).orderBy('created_at').orderBy('uid').offset(page.offset).limit(page.limit).execute();
  return { total: Number(counted.total), rows };
}

export async function scimPerson(db: Kysely<Database>, uid: string): Promise<ScimPersonRow | undefined> {
  return db.selectFrom('users').select(COLUMNS).where('uid', '=', uid).executeTakeFirst();
}

/** Who already holds `email` (any case) or the directory id `externalId`, other than `uid`. */
export async function holderOf(
  db: Kysely<Database>,
  claim: { email: string; externalId?: string },
  uid?: string,
): Promise<'userName' | 'externalId' | undefined> {
  const email = await db
    .selectFrom('users')
    .select('uid')
    .where(sql<string>`lower(email)`, '=', claim.email.toLowerCase())
    .$if(uid !== undefined, (query) => query.where('uid', '<>', uid!))
    .executeTakeFirst();
  if (email) return 'userName';
  if (claim.externalId === undefined) return undefined;
  const external = await db
    .selectFrom('users')
    .select('uid')
    .where('scim_external_id', '=', claim.externalId)
    .$if(uid !== undefined, (query) => query.where('uid', '<>', uid!))
    .executeTakeFirst();
  return external ? 'externalId' : undefined;
}

export interface ScimPersonInput {
  email: string;
  displayName: string;
  externalId?: string;
}

/** A person the directory made (source 'scim'); `disabled` when it sent them inactive. */
export async function insertScimPerson(
  db: Kysely<Database>,
  input: ScimPersonInput & { disabled: boolean },
): Promise<string> {
  const uid = `scim_${randomBytes(15).toString('base64url')}`;
  await db
    .insertInto('users')
    .values({
      uid,
      email: input.email,
      display_name: input.displayName,
      disabled: input.disabled,
      source: 'scim',
      scim_external_id: input.externalId ?? null,
    })
    .execute();
  return uid;
}

/** The directory's view of `uid` written (disabling goes the admin's way, not here). */
export async function updateScimPerson(db: Kysely<Database>, uid: string, input: ScimPersonInput): Promise<void> {
  await db
    .updateTable('users')
    .set({
      email: input.email,
      display_name: input.displayName,
      scim_external_id: input.externalId ?? null,
      updated_at: new Date(),
    })
    .where('uid', '=', uid)
    .execute();
}

/** The person the directory knows by `externalId` and no identity provider has claimed yet. */
export async function unlinkedPersonByScimId(db: Kysely<Database>, externalId: string) {
  return db
    .selectFrom('users')
    .select(['uid'])
    .where('scim_external_id', '=', externalId)
    .where('external_id', 'is', null)
    .executeTakeFirst();
}

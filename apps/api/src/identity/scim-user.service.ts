import { cleanDisplayText } from '@stream/proto';
import type { Kysely } from 'kysely';
import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import { z } from 'zod';
import type { Database } from '../platform/db/schema';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { ScimError, scimNotFound } from './scim-error';
import { personFilter } from './scim-filter';
import * as repo from './scim.repository';
import { pageOf, patchOperations, problem } from './scim-request';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
/** The most people one page lists (ServiceProviderConfig says it as filter.maxResults). */
export const MAX_RESULTS = 200;

/** Entra ID sends booleans as "True"/"False" in PATCH: taken as the booleans they mean. */
const bool = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'True', 'False']).transform((v) => v.toLowerCase() === 'true'),
]);
const userBody = z.object({
  userName: z.email({ error: 'userName is the person’s email address' }).max(320),
  externalId: z.string().min(1).max(255).nullish(),
  displayName: z.string().max(1000).nullish(),
  name: z
    .object({
      formatted: z.string().max(1000).nullish(),
      givenName: z.string().max(1000).nullish(),
      familyName: z.string().max(1000).nullish(),
    })
    .nullish(),
  emails: z
    .array(z.object({ value: z.string().max(320) }).loose())
    .max(20)
    .nullish(),
  active: bool.optional(),
});
type UserBody = z.infer<typeof userBody>;

/** The attributes a PATCH may reach; any other path changes nothing and is 400 invalidPath. */
const PATCHABLE =
  /^(active|displayName|externalId|userName|name(\.(formatted|givenName|familyName))?|emails(\[[^\]]*\])?(\.value)?)$/;
const TOP_LEVEL = new Set(['active', 'displayName', 'externalId', 'userName', 'name', 'emails']);

export interface ScimUser {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  displayName: string;
  name: { formatted: string };
  emails: { value: string; primary: boolean; type: string }[];
  active: boolean;
  meta: { resourceType: 'User'; created: string; lastModified: string; location: string };
}

/**
 * SCIM 2.0 Users (RFC 7643/7644) over Stream's people: a person's `userName` is their email,
 * whichever way they arrived; `id` is their uid. Turning `active` off, or DELETE, disables them
 * by the admin's own path (`setDisabled`: sessions, keys, links and live streams end at once);
 * DELETE keeps the person and their videos, inactive. A refusal changes nothing.
 */
export class ScimUserService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      /** Disables (or enables again) `uid` as an admin does, audited as the directory's doing. */
      setDisabled: (uid: string, disabled: boolean) => Promise<void>;
    },
  ) {}

  async list(
    query: { filter?: string; startIndex?: string; count?: string },
    base: string,
  ): Promise<{
    schemas: string[];
    totalResults: number;
    startIndex: number;
    itemsPerPage: number;
    Resources: ScimUser[];
  }> {
    const condition = query.filter === undefined ? undefined : personFilter(query.filter);
    const page = pageOf(query, MAX_RESULTS);
    const { total, rows } = await repo.scimPeople(this.deps.db, condition, page);
    return {
      schemas: [LIST_SCHEMA],
      totalResults: total,
      startIndex: page.offset + 1,
      itemsPerPage: rows.length,
      Resources: rows.map((row) => resource(row, base)),
    };
  }

  async get(uid: string, base: string): Promise<ScimUser> {
    return resource(await this.row(uid), base);
  }

  async create(body: unknown, base: string): Promise<ScimUser> {
    const user = checked(body);
    const input = personOf(user);
    await this.refuseTaken(input);
    const uid = await repo
      .insertScimPerson(this.deps.db, { ...input, disabled: user.active === false })
      .catch(raceLost(input));
    return this.get(uid, base);
  }

  async replace(uid: string, body: unknown, base: string): Promise<ScimUser> {
    const before = await this.row(uid);
    return this.write(before, checked(body), personOf(checked(body)), base);
  }

  async patch(uid: string, body: unknown, base: string): Promise<ScimUser> {
    const operations = patchOperations(body);
    for (const operation of operations) refuseUnknownPath(operation);
    const before = await this.row(uid);
    const current = resource(before, base);
    let patched: Record<string, unknown>;
    try {
      patched = scimPatch(structuredClone(current) as unknown as ScimResource, operations as ScimPatchOperation[], {
        treatMissingAsAdd: true,
      }) as unknown as Record<string, unknown>;
    } catch (error) {
      throw new ScimError(400, `This PATCH cannot apply: ${(error as Error).message}`, 'invalidValue');
    }
    const user = checked(patched);
    return this.write(before, user, personOf(user, current), base);
  }

  /** Disables the person (their videos stay): an identity provider's delete must not erase work. */
  async delete(uid: string): Promise<void> {
    const before = await this.row(uid);
    if (!before.disabled) await this.deps.setDisabled(uid, true);
  }

  private async write(
    before: repo.ScimPersonRow,
    user: UserBody,
    input: repo.ScimPersonInput,
    base: string,
  ): Promise<ScimUser> {
    await this.refuseTaken(input, before.uid);
    await repo.updateScimPerson(this.deps.db, before.uid, input).catch(raceLost(input));
    const disabled = user.active === undefined ? before.disabled : !user.active;
    if (disabled !== before.disabled) await this.deps.setDisabled(before.uid, disabled);
    return this.get(before.uid, base);
  }

  private async refuseTaken(input: repo.ScimPersonInput, uid?: string): Promise<void> {
    const taken = await repo.holderOf(this.deps.db, input, uid);
    if (taken)
      throw new ScimError(
        409,
        taken === 'userName'
          ? `Another person here already has the userName ${input.email}`
          : `Another person here already has the externalId ${input.externalId}`,
        'uniqueness',
      );
  }

  private async row(uid: string): Promise<repo.ScimPersonRow> {
    const row = await repo.scimPerson(this.deps.db, uid);
    if (!row) throw scimNotFound(uid);
    return row;
  }
}

/** Two requests claiming one externalId at once: the one the database refused is told as a check would have. */
const raceLost =
  (input: repo.ScimPersonInput) =>
  (error: unknown): never => {
    if (isUniqueViolation(error))
      throw new ScimError(409, `Another person here already has the externalId ${input.externalId}`, 'uniqueness');
    throw error;
  };

function resource(row: repo.ScimPersonRow, base: string): ScimUser {
  return {
    schemas: [USER_SCHEMA],
    id: row.uid,
    ...(row.scim_external_id === null ? {} : { externalId: row.scim_external_id }),
    userName: row.email,
    displayName: row.display_name,
    name: { formatted: row.display_name },
    emails: row.email ? [{ value: row.email, primary: true, type: 'work' }] : [],
    active: !row.disabled,
    meta: {
      resourceType: 'User',
      created: row.created_at.toISOString(),
      lastModified: row.updated_at.toISOString(),
      location: `${base}/scim/v2/Users/${encodeURIComponent(row.uid)}`,
    },
  };
}

function checked(body: unknown): UserBody {
  const parsed = userBody.safeParse(body);
  if (!parsed.success) throw new ScimError(400, `Not a valid User: ${problem(parsed.error)}`, 'invalidValue');
  return parsed.data;
}

/**
 * The row's values from a User. After a PATCH (`before` given), a changed userName wins, else a
 * changed primary email; the name is the changed one of displayName, name.formatted, given and
 * family names. The name is cleaned as every display name is (text, never markup).
 */
function personOf(user: UserBody, before?: ScimUser): repo.ScimPersonInput {
  // An `add` to emails appends: the new primary is the one that is not the address they had.
  const previous = before?.emails[0]?.value;
  const primaries = user.emails?.filter((email) => email.primary === true) ?? [];
  const primary = primaries.find((email) => email.value !== previous) ?? primaries[0] ?? user.emails?.[0];
  let email = user.userName;
  if (before && user.userName === before.userName && primary && primary.value !== previous) email = primary.value;
  if (!z.email().safeParse(email).success)
    throw new ScimError(400, 'An email is an address such as ada@example.com', 'invalidValue');
  const joined = [user.name?.givenName, user.name?.familyName].filter(Boolean).join(' ');
  const named = before
    ? [
        user.displayName !== before.displayName ? user.displayName : undefined,
        user.name?.formatted !== before.name.formatted ? user.name?.formatted : undefined,
        joined || undefined,
        before.displayName,
      ]
    : [user.displayName, user.name?.formatted, joined];
  const name = cleanDisplayText(named.find((value) => typeof value === 'string' && value.trim() !== '') ?? '');
  return {
    email,
    displayName: [...name].slice(0, 200).join(''),
    ...(user.externalId ? { externalId: user.externalId } : {}),
  };
}

function refuseUnknownPath(operation: { op: string; path?: string; value?: unknown }): void {
  if (operation.path !== undefined) {
    const path = operation.path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:User:/i, '');
    if (!PATCHABLE.test(path))
      throw new ScimError(
        400,
        `A PATCH reaches ${TOP_LEVEL.size} attributes (${[...TOP_LEVEL].join(', ')}), not ${operation.path.slice(0, 100)}`,
        'invalidPath',
      );
    operation.path = path;
    return;
  }
  if (operation.op === 'remove') throw new ScimError(400, 'A remove names its path', 'noTarget');
  if (typeof operation.value !== 'object' || operation.value === null || Array.isArray(operation.value))
    throw new ScimError(400, 'An operation without a path carries an object of attributes', 'invalidValue');
  const unknown = Object.keys(operation.value).find((key) => !TOP_LEVEL.has(key));
  if (unknown !== undefined)
    throw new ScimError(
      400,
      `A PATCH reaches ${[...TOP_LEVEL].join(', ')}, not ${unknown.slice(0, 100)}`,
      'invalidPath',
    );
}

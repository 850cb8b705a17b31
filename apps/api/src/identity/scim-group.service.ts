import { cleanDisplayText } from '@stream/proto';
import type { Kysely } from 'kysely';
import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import { z } from 'zod';
import type { Database } from '../platform/db/schema';
import { AppError } from '../platform/app-error';
import { DirectoryTeamTaken, type DirectoryTeamInput, type DirectoryTeamService } from '../teams';
import { ScimError } from './scim-error';
import { teamFilter } from './scim-filter';
import * as repo from './scim-group.repository';
import { LIST_SCHEMA, MAX_RESULTS } from './scim-user.service';
import { pageOf, patchOperations, problem } from './scim-request';

export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
/** A team's name: one line of at most this many characters, as the app's own teams. */
const MAX_NAME = 100;
/** The most members one request names (a larger directory group is sent in PATCHes). */
const MAX_MEMBERS = 1000;

const member = z.object({ value: z.string().min(1).max(128) }).loose();
const groupBody = z.object({
  displayName: z.string({ error: 'displayName is the team’s name' }).max(1000),
  externalId: z.string().min(1).max(255).nullish(),
  members: z.array(member).max(MAX_MEMBERS).nullish(),
});
type GroupBody = z.infer<typeof groupBody>;

/** The attributes a Group PATCH may reach; any other path changes nothing and is 400 invalidPath. */
const PATCHABLE = /^(displayName|externalId|members(\[[^\]]*\])?(\.value)?)$/;
const TOP_LEVEL = ['displayName', 'externalId', 'members'];

export interface ScimGroup {
  schemas: string[];
  id: string;
  externalId?: string;
  displayName: string;
  members?: { value: string; display: string; type: 'User'; $ref: string }[];
  meta: { resourceType: 'Group'; created: string; lastModified: string; location: string };
}

/**
 * SCIM 2.0 Groups (RFC 7643 §4.2) over Stream's teams: a Group is a team, `id` its team id, its
 * `members` the team's people by their User id. Changes go through the teams feature's
 * DirectoryTeamService: a team the directory makes has no owner (the directory keeps it),
 * people it adds are members, people it removes lose the team's videos at once, and DELETE
 * deletes the team as its owner would (its videos go back to their owners' own libraries, so
 * nothing is lost). A refusal changes nothing.
 */
export class ScimGroupService {
  constructor(private readonly deps: { db: Kysely<Database>; teams: DirectoryTeamService }) {}

  async list(
    query: { filter?: string; startIndex?: string; count?: string; excludedAttributes?: string },
    base: string,
  ) {
    const condition = query.filter === undefined ? undefined : teamFilter(query.filter);
    const page = pageOf(query, MAX_RESULTS);
    const { total, rows } = await repo.scimTeams(this.deps.db, condition, page);
    const withMembers = !/(^|,)\s*members\s*(,|$)/i.test(query.excludedAttributes ?? '');
    const members = withMembers
      ? await repo.scimMembers(
          this.deps.db,
          rows.map((row) => row.id),
        )
      : undefined;
    return {
      schemas: [LIST_SCHEMA],
      totalResults: total,
      startIndex: page.offset + 1,
      itemsPerPage: rows.length,
      Resources: rows.map((row) => resource(row, members, base)),
    };
  }

  async get(id: string, base: string): Promise<ScimGroup> {
    const row = await this.row(id);
    return resource(row, await repo.scimMembers(this.deps.db, [id]), base);
  }

  async create(body: unknown, base: string): Promise<ScimGroup> {
    const group = checked(body);
    const id = await this.deps.teams.create(teamOf(group), memberIds(group)).catch(refusal);
    return this.get(id, base);
  }

  async replace(id: string, body: unknown, base: string): Promise<ScimGroup> {
    const group = checked(body);
    const before = await this.get(id, base);
    await this.write(before, group);
    return this.get(id, base);
  }

  async patch(id: string, body: unknown, base: string): Promise<ScimGroup> {
    const operations = patchOperations(body);
    for (const operation of operations) reachable(operation);
    const before = await this.get(id, base);
    const bare = { ...before, members: (before.members ?? []).map(({ value }) => ({ value })) };
    let patched: unknown;
    try {
      patched = scimPatch(structuredClone(bare) as unknown as ScimResource, operations as ScimPatchOperation[], {
        treatMissingAsAdd: true,
      });
    } catch (error) {
      throw new ScimError(400, `This PATCH cannot apply: ${(error as Error).message}`, 'invalidValue');
    }
    const group = checked(patched);
    await this.write(before, { ...group, members: group.members ?? [] });
    return this.get(id, base);
  }

  async delete(id: string): Promise<void> {
    await this.deps.teams.delete(id).catch(refusal);
  }

  /** The team's name, externalId and members made what `group` says (members only when it names them). */
  private async write(before: ScimGroup, group: GroupBody): Promise<void> {
    const input = teamOf(group);
    const renamed = input.name !== before.displayName || input.externalId !== before.externalId;
    const had = new Set((before.members ?? []).map((one) => one.value));
    const wanted = new Set(group.members ? memberIds(group) : had);
    const add = [...wanted].filter((uid) => !had.has(uid));
    const remove = [...had].filter((uid) => !wanted.has(uid));
    if (!renamed && add.length === 0 && remove.length === 0) return;
    await this.deps.teams.change(before.id, renamed ? input : undefined, { add, remove }).catch(refusal);
  }

  private async row(id: string): Promise<repo.ScimTeamRow> {
    const row = await repo.scimTeam(this.deps.db, id);
    if (!row) throw new ScimError(404, `No group ${id.slice(0, 100)} here`);
    return row;
  }
}

/** The teams feature's refusals in RFC 7644's words. */
function refusal(error: unknown): never {
  if (error instanceof DirectoryTeamTaken) throw new ScimError(409, error.message, 'uniqueness');
  if (error instanceof AppError) {
    if (error.kind === 'not_found') throw new ScimError(404, error.message);
    if (error.kind === 'invalid_argument') throw new ScimError(400, error.message, 'invalidValue');
    if (error.kind === 'failed_precondition') throw new ScimError(400, error.message, 'mutability');
  }
  throw error;
}

function resource(row: repo.ScimTeamRow, members: repo.ScimMemberRow[] | undefined, base: string): ScimGroup {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.scim_external_id === null ? {} : { externalId: row.scim_external_id }),
    displayName: row.name,
    ...(members
      ? {
          members: members
            .filter((one) => one.team_id === row.id)
            .map((one) => ({
              value: one.uid,
              display: one.display_name || one.email,
              type: 'User' as const,
              $ref: `${base}/scim/v2/Users/${encodeURIComponent(one.uid)}`,
            })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: row.created_at.toISOString(),
      lastModified: row.updated_at.toISOString(),
      location: `${base}/scim/v2/Groups/${encodeURIComponent(row.id)}`,
    },
  };
}

function checked(body: unknown): GroupBody {
  const parsed = groupBody.safeParse(body);
  if (!parsed.success) throw new ScimError(400, `Not a valid Group: ${problem(parsed.error)}`, 'invalidValue');
  return parsed.data;
}

/**
 * The team's name is the group's displayName as text (cleaned as every display text is, never
 * read as markup: `<b>` stays the four characters it is), one to 100 characters.
 */
function teamOf(group: GroupBody): DirectoryTeamInput {
  const name = cleanDisplayText(group.displayName);
  if (!name) throw new ScimError(400, 'displayName is the team’s name: it cannot be blank', 'invalidValue');
  if ([...name].length > MAX_NAME)
    throw new ScimError(400, `displayName is at most ${MAX_NAME} characters`, 'invalidValue');
  return { name, ...(group.externalId ? { externalId: group.externalId } : {}) };
}

const memberIds = (group: GroupBody) => [...new Set((group.members ?? []).map((one) => one.value))];

/** Refuses a path Stream does not keep; member values are reduced to their ids, which the diff compares. */
function reachable(operation: { op: string; path?: string; value?: unknown }): void {
  if (operation.path !== undefined) {
    const path = operation.path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:Group:/i, '');
    if (!PATCHABLE.test(path))
      throw new ScimError(
        400,
        `A Group PATCH reaches ${TOP_LEVEL.join(', ')}, not ${operation.path.slice(0, 100)}`,
        'invalidPath',
      );
    operation.path = path;
    if (path === 'members' && operation.value !== undefined) operation.value = idsOf(operation.value);
    return;
  }
  if (operation.op === 'remove') throw new ScimError(400, 'A remove names its path', 'noTarget');
  if (typeof operation.value !== 'object' || operation.value === null || Array.isArray(operation.value))
    throw new ScimError(400, 'An operation without a path carries an object of attributes', 'invalidValue');
  const value = operation.value as Record<string, unknown>;
  const unknown = Object.keys(value).find((key) => !TOP_LEVEL.includes(key) && key !== 'id' && key !== 'schemas');
  if (unknown !== undefined)
    throw new ScimError(
      400,
      `A Group PATCH reaches ${TOP_LEVEL.join(', ')}, not ${unknown.slice(0, 100)}`,
      'invalidPath',
    );
  // Okta sends the Group's id and schemas along: they are not changed by it.
  delete value.id;
  delete value.schemas;
  if (value.members !== undefined) value.members = idsOf(value.members);
}

function idsOf(value: unknown): { value: string }[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((one) => {
    const id = (one as { value?: unknown } | null)?.value;
    if (typeof id !== 'string' || id === '' || id.length > 128)
      throw new ScimError(400, 'A member is named by its User id: { "value": "…" }', 'invalidValue');
    return { value: id };
  });
}

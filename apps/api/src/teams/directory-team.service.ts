import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { publishRevocation } from '../access';
import { AppError } from '../platform/app-error';
import type { Database } from '../platform/db/schema';
import { isUniqueViolation } from '../platform/db/unique-violation';
import type { LinkGenerations } from '../sharing';
import * as teams from './team.repository';

/** What a team is to the organisation's directory: its name and the directory's own id for it. */
export interface DirectoryTeamInput {
  name: string;
  externalId?: string;
}

/** Another team already stands for this group (its name) or its externalId. */
export class DirectoryTeamTaken extends AppError {
  constructor(message: string) {
    super('failed_precondition', message);
    this.name = 'DirectoryTeamTaken';
  }
}

const noTeam = (teamId: string) => new AppError('not_found', `No team ${teamId.slice(0, 100)} here`);

/**
 * Teams as the organisation's directory (SCIM Groups) keeps them: no signed-in person is the
 * caller, the directory's token is the authority. A team the directory makes belongs to the
 * directory: no person owns it (`created_by` is empty, as a webhook whose maker left), its name
 * is the directory's group name (`directory_name`, so OIDC_TEAM_GROUPS naming the same group
 * finds the same team), and the people it adds are members. Removing people and deleting a team
 * go the way TeamService's do: signed URLs of the team's videos stop working at once, deleted
 * teams' videos go back to their owners' libraries. A team that has owners keeps its last one,
 * as TeamService keeps it.
 */
export class DirectoryTeamService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      generations?: Pick<LinkGenerations, 'forgetAll'>;
    },
  ) {}

  /** A new team with `members` (uids) as members; already_exists when the name or externalId is taken. */
  async create(input: DirectoryTeamInput, members: readonly string[]): Promise<string> {
    const id = randomUUID();
    await this.deps.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('teams')
          .values({
            id,
            name: input.name,
            created_by: '',
            directory_name: input.name,
            scim_external_id: input.externalId ?? null,
          })
          .execute();
        await this.apply(trx, id, { add: members, remove: [] });
      })
      .catch(taken(input));
    return id;
  }

  /**
   * Renames the team (and the group it stands for) and sets its externalId when `input` is
   * given, adds `add` as members (people already in keep their role) and takes `remove` out, all
   * or nothing: a uid that is no person here is invalid_argument, taking out a team's last owner
   * failed_precondition. Those removed lose the team's videos at once.
   */
  async change(
    teamId: string,
    input: DirectoryTeamInput | undefined,
    members: { add: readonly string[]; remove: readonly string[] },
  ): Promise<void> {
    const removed = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        if (!(await teams.lockTeam(trx, teamId))) throw noTeam(teamId);
        if (input)
          await trx
            .updateTable('teams')
            .set({
              name: input.name,
              directory_name: input.name,
              scim_external_id: input.externalId ?? null,
              updated_at: new Date(),
            })
            .where('id', '=', teamId)
            .execute();
        return this.apply(trx, teamId, members);
      })
      .catch(taken(input ?? { name: '' }));
    if (removed.length === 0) return;
    this.deps.generations?.forgetAll();
    await publishRevocation(this.deps.db, ...removed.map((uid) => ({ kind: 'person' as const, uid })));
  }

  /** Deletes the team as its owner would: its videos go back to their owners, its links stop working. */
  async delete(teamId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await teams.lockTeam(trx, teamId))) throw noTeam(teamId);
      await teams.revokeTeamLinks(trx, teamId);
      await teams.deleteTeam(trx, teamId);
    });
    this.deps.generations?.forgetAll();
    await publishRevocation(this.deps.db, { kind: 'team', id: teamId });
  }

  /** The uids actually removed. */
  private async apply(
    trx: Kysely<Database>,
    teamId: string,
    change: { add: readonly string[]; remove: readonly string[] },
  ): Promise<string[]> {
    const add = [...new Set(change.add)];
    const remove = [...new Set(change.remove)].filter((uid) => !add.includes(uid));
    if (add.length > 0) {
      const known = await trx.selectFrom('users').select('uid').where('uid', 'in', add).execute();
      const unknown = add.find((uid) => !known.some((row) => row.uid === uid));
      if (unknown !== undefined) throw new AppError('invalid_argument', `No person ${unknown.slice(0, 100)} here`);
    }
    if (remove.length > 0) {
      const owners = await trx
        .selectFrom('team_members')
        .select('uid')
        .where('team_id', '=', teamId)
        .where('role', '=', 'owner')
        .execute();
      if (owners.length > 0 && owners.every((owner) => remove.includes(owner.uid)))
        throw new AppError(
          'failed_precondition',
          'A team keeps its last owner: make someone else its owner in Stream first, or leave the owner in the group',
        );
    }
    for (const uid of add) await teams.addMember(trx, teamId, uid, 'member');
    const removed: string[] = [];
    for (const uid of remove) {
      if (!(await teams.removeMember(trx, teamId, uid))) continue;
      // As TeamService.removeMember: URLs they were handed for the others' videos stop working.
      await teams.revokeTeamLinks(trx, teamId, { exceptOwner: uid });
      removed.push(uid);
    }
    return removed;
  }
}

const taken =
  (input: DirectoryTeamInput) =>
  (error: unknown): never => {
    if (isUniqueViolation(error))
      throw new DirectoryTeamTaken(
        `Another team here already stands for the group ${input.name.slice(0, 100)}${input.externalId ? ` or the externalId ${input.externalId.slice(0, 100)}` : ''}`,
      );
    throw error;
  };

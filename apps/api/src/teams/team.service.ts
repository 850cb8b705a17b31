import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import * as teams from './team.repository';
import type { Database } from '../platform/db/schema';
import { videoRepository as videoRows } from '../videos';
import { allowed as isAllowed, authorize, type Action } from '../access';
import {
  INVITE_TOKEN_BYTES,
  type InviteState,
  type Team,
  type TeamInvite,
  type TeamMember,
  type TeamRole,
} from './team';
import type { Logger } from 'pino';
import type { BrandingService } from '../admin';
import { inviteMail } from './invite-mail';
import type { LinkGenerations } from '../sharing';
import type { Mailer } from '../platform/mail/mailer';
import type { UserDirectory } from '../accounts';
import { AppError } from '../platform/app-error';
import { publishRevocation } from '../access';

export interface TeamServiceDeps {
  db: Kysely<Database>;
  directory: UserDirectory;
  /** Told when signed URLs of a team's videos are revoked, so this process stops honouring them at once. */
  generations?: Pick<LinkGenerations, 'forgetAll'>;
  /** Set when SMTP_URL is: invites may then be mailed. */
  mailer?: Mailer;
  /** The product's name the mail gives (default "Stream"). */
  branding?: Pick<BrandingService, 'current'>;
  log?: Pick<Logger, 'warn'>;
}

/** Only the SHA-256 of an invite token is stored: a leaked database holds no working link. */
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const noTeam = (teamId: string) => new AppError('not_found', `No team ${teamId}`);
const lastOwner = () => new AppError('failed_precondition', 'A team needs an owner: make someone else an owner first');

const inviteRefusal: Record<Exclude<InviteState, 'valid' | 'unknown'>, string> = {
  expired: 'This invite has expired',
  revoked: 'This invite was revoked',
  used_up: 'This invite has been used up',
};

type InviteRow = NonNullable<Awaited<ReturnType<typeof teams.findInviteByHash>>>;

function stateOf(invite: InviteRow | undefined, now = new Date()): InviteState {
  if (!invite) return 'unknown';
  if (invite.revoked_at) return 'revoked';
  if (invite.expires_at.getTime() <= now.getTime()) return 'expired';
  if (invite.uses_left <= 0) return 'used_up';
  return 'valid';
}

const toInvite = (row: {
  id: string;
  role: TeamRole;
  expires_at: Date;
  uses_left: number;
  created_at: Date;
}): TeamInvite => ({
  id: row.id,
  role: row.role,
  expiresAt: row.expires_at,
  usesLeft: row.uses_left,
  createdAt: row.created_at,
});

/**
 * Teams, their members and invites. Every decision of who may is the policy's
 * (access/policy.ts); this service reads the facts it needs and keeps the team's own rules: a
 * team always has an owner, an invite's last use goes to one person. Inputs arrive validated.
 */
export class TeamService {
  constructor(private readonly deps: TeamServiceDeps) {}

  async create(user: User, name: string): Promise<Team> {
    return this.deps.db.transaction().execute(async (trx) => {
      await this.deps.directory.ensure(user, trx);
      const row = await teams.insertTeam(trx, { id: randomUUID(), name, createdBy: user.uid });
      await teams.addMember(trx, row.id, user.uid, 'owner');
      return { id: row.id, name: row.name, role: 'owner', memberCount: 1, createdAt: row.created_at };
    });
  }

  async rename(user: User, teamId: string, name: string): Promise<Team> {
    await this.allowed(this.deps.db, user, teamId, 'manage-team', 'Only owners and admins rename a team');
    await teams.renameTeam(this.deps.db, teamId, name);
    return this.team(user, teamId);
  }

  /** Owners only; the team's videos go back to their owners' personal libraries. */
  async delete(user: User, teamId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await teams.lockTeam(trx, teamId))) throw noTeam(teamId);
      await this.allowed(trx, user, teamId, 'delete', 'Only an owner deletes a team');
      await teams.revokeTeamLinks(trx, teamId);
      await teams.deleteTeam(trx, teamId);
    });
    this.deps.generations?.forgetAll();
    await publishRevocation(this.deps.db, { kind: 'team', id: teamId });
  }

  async listMine(user: User): Promise<Team[]> {
    const rows = await teams.listTeamsOf(this.deps.db, user.uid);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      role: row.role,
      memberCount: row.member_count,
      createdAt: row.created_at,
    }));
  }

  /** A team of the caller with its members, and its pending invites for those who may invite. */
  async get(
    user: User,
    teamId: string,
  ): Promise<{ team: Team; members: TeamMember[]; invites: TeamInvite[]; mailEnabled: boolean }> {
    const team = await this.team(user, teamId);
    const mayInvite = (await isAllowed(this.deps.db, user, 'invite', { kind: 'team', teamId })).allowed;
    const [members, invites] = await Promise.all([
      teams.listMembers(this.deps.db, teamId),
      mayInvite ? teams.listPendingInvites(this.deps.db, teamId) : [],
    ]);
    return {
      team,
      members: members.map((row) => ({
        uid: row.uid,
        displayName: row.display_name,
        email: row.email,
        photoUrl: row.photo_url,
        role: row.role,
        joinedAt: row.joined_at,
      })),
      invites: invites.map(toInvite),
      mailEnabled: this.deps.mailer !== undefined,
    };
  }

  async changeRole(user: User, teamId: string, uid: string, role: TeamRole): Promise<TeamMember> {
    const member = await this.deps.db.transaction().execute(async (trx) => {
      const { subject } = await this.memberChange(trx, user, teamId, uid, 'change-role', role);
      if (subject.role === 'owner' && role !== 'owner' && (await teams.memberCount(trx, teamId, 'owner')) <= 1)
        throw lastOwner();
      await teams.setRole(trx, teamId, uid, role);
      const member = (await teams.listMembers(trx, teamId)).find((row) => row.uid === uid)!;
      return {
        uid,
        displayName: member.display_name,
        email: member.email,
        photoUrl: member.photo_url,
        role,
        joinedAt: member.joined_at,
      };
    });
    await publishRevocation(this.deps.db, { kind: 'person', uid });
    return member;
  }

  /**
   * Removes `uid` (the caller themself: leaving). Their videos stay in the team, still theirs. The
   * signed URLs they were handed for the others' videos stop working at once (everyone else's
   * too: their clients fetch new ones).
   */
  async removeMember(user: User, teamId: string, uid: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const { subject } = await this.memberChange(trx, user, teamId, uid, 'remove-member');
      if (subject.role === 'owner' && (await teams.memberCount(trx, teamId, 'owner')) <= 1) throw lastOwner();
      await teams.removeMember(trx, teamId, uid);
      await teams.revokeTeamLinks(trx, teamId, { exceptOwner: uid });
    });
    this.deps.generations?.forgetAll();
    await publishRevocation(this.deps.db, { kind: 'person', uid });
  }

  /**
   * A new invite link (`linkOf` makes its URL from its token). With `email`, the link is mailed
   * there too; when mail is not set up, or the mail server does not take the mail, no invite is
   * made.
   */
  async createInvite(
    user: User,
    teamId: string,
    options: { role: TeamRole; expireAfterSeconds: number; uses: number; email?: string },
    linkOf: (token: string) => string = () => '',
  ): Promise<{ invite: TeamInvite; token: string; mailed: boolean }> {
    await authorize(
      this.deps.db,
      user,
      'invite',
      { kind: 'team', teamId, grantsRole: options.role },
      {
        notFound: `No team ${teamId}`,
        denied: (role) =>
          role === 'admin' ? 'Only an owner invites someone as owner' : 'Only owners and admins invite people',
      },
    );
    const { mailer } = this.deps;
    if (options.email !== undefined && !mailer)
      throw new AppError(
        'failed_precondition',
        'This server sends no mail (SMTP_URL is not set): copy the invite link and pass it on instead',
      );
    const token = randomBytes(INVITE_TOKEN_BYTES).toString('base64url');
    const row = await teams.insertInvite(this.deps.db, {
      id: randomUUID(),
      teamId,
      tokenHash: hashInviteToken(token),
      role: options.role,
      expiresAt: new Date(Date.now() + options.expireAfterSeconds * 1000),
      uses: options.uses,
      createdBy: user.uid,
    });
    if (options.email === undefined || !mailer) return { invite: toInvite(row), token, mailed: false };
    const team = await teams.findTeam(this.deps.db, teamId);
    const mail = inviteMail({
      to: options.email,
      teamName: team?.name ?? '',
      inviterName: user.name ?? user.email ?? '',
      role: options.role,
      url: linkOf(token),
      expiresAt: row.expires_at,
      productName: (await this.deps.branding?.current())?.productName,
    });
    try {
      await mailer.send(mail);
    } catch (error) {
      await teams.deleteInvite(this.deps.db, row.id);
      this.deps.log?.warn({ err: error, teamId }, 'the mail server did not take an invite mail');
      throw new AppError(
        'unavailable',
        'The invite mail could not be sent, so no invite was made: try again, or copy an invite link instead',
      );
    }
    return { invite: toInvite(row), token, mailed: true };
  }

  async revokeInvite(user: User, teamId: string, inviteId: string): Promise<void> {
    await this.allowed(this.deps.db, user, teamId, 'invite', 'Only owners and admins revoke invites');
    if (!(await teams.revokeInvite(this.deps.db, teamId, inviteId)))
      throw new AppError('not_found', `No invite ${inviteId} in team ${teamId}`);
  }

  /** What an invite link shows anyone: its state, and (unless unknown) the team's name and role. */
  async getInvite(token: string): Promise<{ state: InviteState; teamName: string; role?: TeamRole; expiresAt?: Date }> {
    const invite = await teams.findInviteByHash(this.deps.db, hashInviteToken(token));
    const state = stateOf(invite);
    if (!invite) return { state, teamName: '' };
    return { state, teamName: invite.team_name, role: invite.role, expiresAt: invite.expires_at };
  }

  /**
   * Joins the caller to the invite's team with its role, taking one use in one statement (of
   * several people racing for the last use, one gets in). A member keeps their role and the use.
   */
  async acceptInvite(user: User, token: string): Promise<Team> {
    const hash = hashInviteToken(token);
    const teamId = await this.deps.db.transaction().execute(async (trx) => {
      const invite = await teams.findInviteByHash(trx, hash);
      const state = stateOf(invite);
      if (!invite || state === 'unknown') throw new AppError('not_found', 'No such invite');
      if (state !== 'valid') throw new AppError('failed_precondition', inviteRefusal[state]);
      if (await teams.findRole(trx, invite.team_id, user.uid)) return invite.team_id;
      const taken = await teams.takeInviteUse(trx, hash);
      if (!taken) {
        const now = stateOf(await teams.findInviteByHash(trx, hash));
        throw new AppError(
          'failed_precondition',
          inviteRefusal[now === 'valid' || now === 'unknown' ? 'used_up' : now],
        );
      }
      await this.deps.directory.ensure(user, trx);
      await teams.addMember(trx, taken.team_id, user.uid, taken.role);
      return taken.team_id;
    });
    return this.team(user, teamId);
  }

  /**
   * Puts a video into a team (`teamId`) or back into its owner's personal library (undefined).
   * Someone who cannot see the video gets not_found; one who sees it but may not move it,
   * permission_denied.
   */
  async moveVideo(user: User, videoId: string, teamId: string | undefined): Promise<{ teamId?: string }> {
    const moved = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        if (!(await videoRows.lockVideo(trx, videoId))) throw new AppError('not_found', `No video ${videoId}`);
        const video = (await videoRows.findVideo(trx, videoId))!;
        const current = video.team_id ?? undefined;
        const facts = { userId: video.user_id, visibility: video.visibility, teamId: current };
        const notFound = `No video ${videoId}`;
        const { person } = await authorize(
          trx,
          user,
          'view',
          { kind: 'video', video: facts, to: teamId },
          { notFound },
        );
        // A team one is not in is as good as absent.
        if (teamId !== undefined && !person?.roles.has(teamId)) throw noTeam(teamId);
        await authorize(
          trx,
          user,
          'move',
          { kind: 'video', video: facts, to: teamId },
          {
            notFound,
            denied:
              teamId === undefined
                ? "Only the video's owner or the team's owners and admins take it out of the team"
                : "Only the video's owner puts it into a team",
          },
        );
        if (current !== teamId) {
          // Its old team's members lose it: the signed URLs they hold stop working.
          if (current !== undefined) await teams.revokeTeamLinks(trx, current, { videoId });
          await teams.setVideoTeam(trx, videoId, teamId ?? null);
        }
        return { teamId };
      })
      .finally(() => this.deps.generations?.forgetAll());
    await publishRevocation(this.deps.db, { kind: 'video', id: videoId });
    return moved;
  }

  /** The team as the caller sees it; not_found when they are not a member. */
  private async team(user: User, teamId: string): Promise<Team> {
    const [row, role, memberCount] = await Promise.all([
      teams.findTeam(this.deps.db, teamId),
      teams.findRole(this.deps.db, teamId, user.uid),
      teams.memberCount(this.deps.db, teamId),
    ]);
    if (!row || !role) throw noTeam(teamId);
    return { id: row.id, name: row.name, role, memberCount, createdAt: row.created_at };
  }

  /** The caller's role when the policy lets them do `action` to the team; not_found for non-members. */
  private async allowed(
    db: Kysely<Database>,
    user: User,
    teamId: string,
    action: Action,
    refusal: string,
  ): Promise<TeamRole> {
    const { role } = await authorize(
      db,
      user,
      action,
      { kind: 'team', teamId },
      { notFound: `No team ${teamId}`, denied: refusal },
    );
    return role!;
  }

  /** Locks the team, then checks the caller may do `action` to member `uid` (with `newRole`). */
  private async memberChange(
    trx: Kysely<Database>,
    user: User,
    teamId: string,
    uid: string,
    action: 'change-role' | 'remove-member',
    newRole?: TeamRole,
  ): Promise<{ subject: { uid: string; role: TeamRole } }> {
    if (!(await teams.lockTeam(trx, teamId))) throw noTeam(teamId);
    await authorize(
      trx,
      user,
      action,
      { kind: 'member', teamId, uid, newRole },
      {
        notFound: `No team ${teamId}`,
        denied: (role) =>
          role === 'member'
            ? 'Only owners and admins change roles or remove members'
            : 'Only an owner changes or removes an owner, or makes someone an owner',
      },
    );
    const subjectRole = await teams.findRole(trx, teamId, uid);
    return { subject: { uid, role: subjectRole! } };
  }
}

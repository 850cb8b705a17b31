import { timingSafeEqual } from 'node:crypto';
import type { TeamRole } from '../teams';
import type { VideoVisibility } from '../videos';

export type { TeamRole };

/**
 * THE answer to "may this person do this" (issue 27, docs/architecture.md, Access): every RPC and
 * HTTP route asks `may`, directly or through `canRead`; no handler compares owner ids itself.
 */
export type Action =
  'view' | 'edit' | 'delete' | 'share' | 'move' | 'manage-team' | 'invite' | 'change-role' | 'remove-member';

export const actions: readonly Action[] = [
  'view',
  'edit',
  'delete',
  'share',
  'move',
  'manage-team',
  'invite',
  'change-role',
  'remove-member',
];

export const teamRoles: readonly TeamRole[] = ['owner', 'admin', 'member'];

/** Someone signed in, with their role in each team that matters to the question (others absent). */
export interface Person {
  uid: string;
  roles: ReadonlyMap<string, TeamRole>;
}

/** What a caller holds besides (or instead of) a signed-in user. */
export interface Grant {
  /** The share token of a link ShareVideo minted. */
  shareToken?: string;
  /** A valid signed URL for this video, minted for someone who could read it. */
  signedUrl?: boolean;
  /** Issue 28: passes through share link gates the caller presents (unchecked; see link-pass.ts). */
  passes?: readonly string[];
  /** Issue 28: a working named link of this video, its gate passed (checked by ShareLinkGates). */
  namedLink?: boolean;
}

/** What the policy needs to know of a video. */
export interface VideoFacts {
  userId: string;
  visibility: VideoVisibility;
  /** The team it is in; undefined in its owner's personal library. */
  teamId?: string;
  shareToken?: string;
  shareExpiresAt?: Date;
}

export type Target =
  /** For `move`, `to` is the team it goes into; undefined: its owner's personal library. */
  | { kind: 'video'; video: VideoFacts; grant?: Grant; now?: Date; to?: string }
  /** `move` on a team: putting one's own video into it. `invite` may name the role it would give. */
  | { kind: 'team'; teamId: string; grantsRole?: TeamRole }
  /** change-role and remove-member on one member (`newRole` for change-role). */
  | { kind: 'member'; teamId: string; subject: { uid: string; role: TeamRole }; newRole?: TeamRole }
  /** A folder: `view` (seeing it, filing into it, making subfolders), `edit` (rename), `move`, `delete`. */
  | { kind: 'folder'; folder: FolderFacts };

/** What the policy needs to know of a folder: who made it, and the team it belongs to (if any). */
export interface FolderFacts {
  userId: string;
  /** undefined: a folder of `userId`'s personal library. */
  teamId?: string;
}

/** Where a person stands towards a team: their role, a signed-in outsider, or signed out. */
export type Standing = TeamRole | 'non-member' | 'signed-out';

const standing = (person: Person | undefined, teamId: string | undefined): Standing => {
  if (!person) return 'signed-out';
  const role = teamId === undefined ? undefined : person.roles.get(teamId);
  return role ?? 'non-member';
};

/**
 * The table of team roles × actions on a team (and on its members). `move` is putting one's own
 * video into the team; `view` is seeing the team, its members and its videos.
 */
const onTeam: Record<Standing, ReadonlySet<Action>> = {
  owner: new Set(['view', 'move', 'manage-team', 'delete', 'invite', 'change-role', 'remove-member']),
  admin: new Set(['view', 'move', 'manage-team', 'invite', 'change-role', 'remove-member']),
  member: new Set(['view', 'move']),
  'non-member': new Set(),
  'signed-out': new Set(),
};

/**
 * What a person may do to a video that is not theirs, by their standing towards the video's team.
 * Only the owner edits, deletes or shares a video; a team's owners and admins may `move` it out of
 * the team (back to its owner's personal library), nothing more.
 */
const onTeamVideo: Record<Standing, ReadonlySet<Action>> = {
  owner: new Set(['view', 'move']),
  admin: new Set(['view', 'move']),
  member: new Set(['view']),
  'non-member': new Set(),
  'signed-out': new Set(),
};

export const sameToken = (given: string | undefined, expected: string | undefined) =>
  given !== undefined &&
  expected !== undefined &&
  given.length === expected.length &&
  timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * Whether the video's share link works now: it has one, it has not expired, and the video is not
 * PRIVATE (making it private kills every link; sharing again revives it). A TEAM video's link
 * works, but only for members of its team (see `may`).
 */
export function linkWorks(video: VideoFacts, now = new Date()): boolean {
  if (!video.shareToken || video.visibility === 'PRIVATE') return false;
  return !video.shareExpiresAt || video.shareExpiresAt.getTime() > now.getTime();
}

/** Roles ordered by power, for "an admin may not touch an owner". */
const rank: Record<TeamRole, number> = { owner: 3, admin: 2, member: 1 };

function mayOnVideo(person: Person | undefined, action: Action, target: Extract<Target, { kind: 'video' }>): boolean {
  const { video, grant = {} } = target;
  // Only its owner puts a video into a team, and only into one they belong to.
  if (action === 'move' && target.to !== undefined) return person?.uid === video.userId && person.roles.has(target.to);
  if (person?.uid === video.userId) return ['view', 'edit', 'delete', 'share', 'move'].includes(action);
  const inTeam = onTeamVideo[standing(person, video.teamId)];
  if (inTeam.has(action)) return true;
  if (action !== 'view') return false;
  // Seeing it without being its owner or a member of its team: the visibility decides.
  if (grant.signedUrl) return true;
  switch (video.visibility) {
    case 'PUBLIC':
      return true;
    case 'SHARED':
      return (
        grant.namedLink === true || (sameToken(grant.shareToken, video.shareToken) && linkWorks(video, target.now))
      );
    case 'PRIVATE':
    case 'TEAM':
      return false;
  }
}

function mayOnMember(person: Person | undefined, action: Action, target: Extract<Target, { kind: 'member' }>): boolean {
  const actor = standing(person, target.teamId);
  if (actor === 'non-member' || actor === 'signed-out') return false;
  const { subject, newRole } = target;
  // Leaving is removing oneself: any member may (the last owner is a rule of the data, not of roles).
  if (action === 'remove-member' && subject.uid === person!.uid) return true;
  if (!onTeam[actor].has(action)) return false;
  if (action === 'remove-member') return rank[actor] >= rank[subject.role];
  if (action === 'change-role') {
    if (!newRole) return false;
    // An admin neither makes nor unmakes owners.
    return actor === 'owner' || (subject.role !== 'owner' && newRole !== 'owner');
  }
  return false;
}

/**
 * A personal folder is its user's alone. A team's folders are seen and filed into by every member;
 * renamed, moved and deleted by the member who made them and by the team's owners and admins.
 */
function mayOnFolder(person: Person | undefined, action: Action, folder: FolderFacts): boolean {
  if (!['view', 'edit', 'move', 'delete'].includes(action)) return false;
  if (folder.teamId === undefined) return person?.uid === folder.userId;
  const actor = standing(person, folder.teamId);
  if (actor === 'non-member' || actor === 'signed-out') return false;
  return action === 'view' || actor !== 'member' || person!.uid === folder.userId;
}

/** May `person` (undefined: signed out) do `action` to `target`? */
export function may(person: Person | undefined, action: Action, target: Target): boolean {
  switch (target.kind) {
    case 'video':
      return mayOnVideo(person, action, target);
    case 'member':
      return mayOnMember(person, action, target);
    case 'folder':
      return mayOnFolder(person, action, target.folder);
    case 'team': {
      const actor = standing(person, target.teamId);
      if (!onTeam[actor].has(action)) return false;
      // An admin's invites give at most admin.
      return action !== 'invite' || actor === 'owner' || target.grantsRole !== 'owner';
    }
  }
}

/** What a person may do to one video, for clients to offer only that (Video.caller_rights). */
export interface VideoRights {
  edit: boolean;
  delete: boolean;
  share: boolean;
  /** Into a team they belong to: its owner (the move asks `may` again with the team chosen). */
  moveIntoTeam: boolean;
  /** Out of its team, back to its owner's personal library. */
  moveOutOfTeam: boolean;
}

/** `may` for each of VideoRights' actions. `person` needs their role in the video's team only. */
export function videoRights(person: Person | undefined, video: VideoFacts): VideoRights {
  const on = (action: Action) => may(person, action, { kind: 'video', video });
  return {
    edit: on('edit'),
    delete: on('delete'),
    share: on('share'),
    // As mayOnVideo's `move` with a team: only the owner, into a team of theirs (the one chosen is checked then).
    moveIntoTeam: person?.uid === video.userId,
    moveOutOfTeam: video.teamId !== undefined && on('move'),
  };
}

/** A person with one known team role (or none), from a signed-in uid. */
export function personOf(uid: string, teamId?: string, role?: TeamRole): Person {
  return { uid, roles: new Map(teamId && role ? [[teamId, role]] : []) };
}

/** Issue 32: who may sign up on their first sign-in. */
export type SignUpPolicy =
  | { mode: 'open' }
  /** Only people accepting a team invite (their first call is AcceptInvite), and admins. */
  | { mode: 'invite-only' }
  /** Only emails of these lowercase domains, and admins. */
  | { mode: 'domains'; domains: readonly string[] };

/** Issue 32: whether a person is an admin of the instance: named in ADMIN_EMAILS, or (unset) the first account. */
export function isInstanceAdmin(
  person: { email?: string; isFirstAccount: boolean },
  adminEmails: readonly string[] | undefined,
): boolean {
  if (!adminEmails) return person.isFirstAccount;
  return !!person.email && adminEmails.includes(person.email.toLowerCase());
}

/** Issue 32: whether someone signing in for the first time may become a person of this instance. */
export function maySignUp(
  policy: SignUpPolicy,
  newcomer: { email?: string; admin: boolean; acceptingInvite: boolean },
): boolean {
  if (policy.mode === 'open' || newcomer.admin) return true;
  if (policy.mode === 'invite-only') return newcomer.acceptingInvite;
  const domain = newcomer.email?.toLowerCase().split('@')[1];
  return !!domain && policy.domains.includes(domain);
}

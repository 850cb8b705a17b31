import { timingSafeEqual } from 'node:crypto';
import type { TeamRole } from '../teams';
import type { VideoVisibility } from '../videos';

export type { TeamRole };

/**
 * THE answer to "may this person do this" (docs/architecture.md, Access): every RPC and HTTP route
 * asks `may`, through `authorize` (access/authorize.ts) or `canRead`; no handler compares owner ids
 * itself.
 *
 * Besides the team table's actions: `view-original` is seeing a video as it was recorded (an edit
 * may cut what others must not see) and its saved annotations; `list-in-library` is finding a video
 * in one's library (one's own, or one's team's, whatever its visibility) with its folders and tags;
 * `moderate` is deleting others' comments under one's video.
 */
export type Action =
  | 'view'
  | 'edit'
  | 'delete'
  | 'share'
  | 'move'
  | 'manage-team'
  | 'invite'
  | 'change-role'
  | 'remove-member'
  | 'view-original'
  | 'list-in-library'
  | 'moderate';

/** The team table's actions (policy.test.ts reads every standing × each of them). */
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

/** What else is asked of a video (policy-targets.test.ts). */
export const videoOnlyActions: readonly Action[] = ['view-original', 'list-in-library', 'moderate'];

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
  /** Passes through share link gates the caller presents (unchecked; see link-pass.ts). */
  passes?: readonly string[];
  /** A working named link of this video, its gate passed (checked by ShareLinkGates). */
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
  /** Its owner's account is disabled: the video answers nobody else (its links stop working). */
  ownerDisabled?: boolean;
}

export type Target =
  /** For `move`, `to` is the team it goes into; undefined: its owner's personal library. */
  | { kind: 'video'; video: VideoFacts; grant?: Grant; now?: Date; to?: string }
  /** `move` on a team: putting one's own video into it. `invite` may name the role it would give. */
  | { kind: 'team'; teamId: string; grantsRole?: TeamRole }
  /** change-role and remove-member on one member (`newRole` for change-role). */
  | { kind: 'member'; teamId: string; subject: { uid: string; role: TeamRole }; newRole?: TeamRole }
  /** A folder: `view` (seeing it, filing into it, making subfolders), `edit` (rename), `move`, `delete`. */
  | { kind: 'folder'; folder: FolderFacts }
  /** A webhook: `view`, `edit`, `delete`. Personal: its maker's; a team's: its owners' and admins'. */
  | { kind: 'webhook'; webhook: OwnedFacts }
  /** A resumable upload in progress: `view` (its offset) and `edit` (sending bytes), its uploader's. */
  | { kind: 'upload'; upload: { userId: string } }
  /** An API key: `view` and `delete`, its maker's. */
  | { kind: 'api-key'; apiKey: { userId: string } }
  /** A comment: `edit` its author's; `delete` its author's, or `moderate`d by whoever may edit the video. */
  | { kind: 'comment'; comment: { authorUid: string }; video: VideoFacts }
  /** A reaction: `delete` its author's. */
  | { kind: 'reaction'; reaction: { authorUid: string } }
  /**
   * A share link of a video: `view` it (and skip its gate) and `edit`/`delete` it whoever may
   * `share` the video.
   */
  | { kind: 'share-link'; video: VideoFacts };

/** Something a person made, possibly in a team (then the team's owners and admins manage it). */
export interface OwnedFacts {
  userId: string;
  teamId?: string;
}

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
  const owner = person?.uid === video.userId;
  // A disabled person's videos answer nobody else; they still see (and may delete) their own.
  if (video.ownerDisabled && !owner) return false;
  // The unedited video: its owner's alone, and a signed URL minted for it (by its owner's page).
  if (action === 'view-original') return owner || grant.signedUrl === true;
  // In one's library whatever the visibility: one's own, and one's team's.
  if (action === 'list-in-library') return owner || onTeamVideo[standing(person, video.teamId)].has('view');
  if (action === 'moderate') return owner;
  // Only its owner puts a video into a team, and only into one they belong to.
  if (action === 'move' && target.to !== undefined) return person?.uid === video.userId && person.roles.has(target.to);
  if (owner) return ['view', 'edit', 'delete', 'share', 'move'].includes(action);
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

/** Personal: its maker's alone; a team's: its owners' and admins' (who `manage-team`). */
function mayOnOwned(person: Person | undefined, action: Action, thing: OwnedFacts): boolean {
  if (!['view', 'edit', 'delete'].includes(action)) return false;
  if (thing.teamId === undefined) return person !== undefined && person.uid === thing.userId;
  return onTeam[standing(person, thing.teamId)].has('manage-team');
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
    case 'webhook':
      return mayOnOwned(person, action, target.webhook);
    case 'upload':
      return ['view', 'edit'].includes(action) && person !== undefined && person.uid === target.upload.userId;
    case 'api-key':
      return ['view', 'delete'].includes(action) && person !== undefined && person.uid === target.apiKey.userId;
    case 'comment': {
      const author = person !== undefined && person.uid === target.comment.authorUid;
      if (action === 'edit') return author;
      if (action !== 'delete' && action !== 'moderate') return false;
      const moderator = may(person, 'moderate', { kind: 'video', video: target.video });
      return moderator || (action === 'delete' && author);
    }
    case 'reaction':
      return action === 'delete' && person !== undefined && person.uid === target.reaction.authorUid;
    case 'share-link':
      return (
        ['view', 'edit', 'delete'].includes(action) && may(person, 'share', { kind: 'video', video: target.video })
      );
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
    moveIntoTeam: on('edit'),
    moveOutOfTeam: video.teamId !== undefined && on('move'),
  };
}

/** A person with one known team role (or none), from a signed-in uid. */
export function personOf(uid: string, teamId?: string, role?: TeamRole): Person {
  return { uid, roles: new Map(teamId && role ? [[teamId, role]] : []) };
}

/** Who may sign up on their first sign-in. */
export type SignUpPolicy =
  | { mode: 'open' }
  /** Only people accepting a team invite (their first call is AcceptInvite), and admins. */
  | { mode: 'invite-only' }
  /** Only emails of these lowercase domains, and admins. */
  | { mode: 'domains'; domains: readonly string[] };

/** Whether a person is an admin of the instance: named in ADMIN_EMAILS, or (unset) the first account. */
export function isInstanceAdmin(
  person: { email?: string; isFirstAccount: boolean },
  adminEmails: readonly string[] | undefined,
): boolean {
  if (!adminEmails) return person.isFirstAccount;
  return !!person.email && adminEmails.includes(person.email.toLowerCase());
}

/** Whether someone signing in for the first time may become a person of this instance. */
export function maySignUp(
  policy: SignUpPolicy,
  newcomer: { email?: string; admin: boolean; acceptingInvite: boolean },
): boolean {
  if (policy.mode === 'open' || newcomer.admin) return true;
  if (policy.mode === 'invite-only') return newcomer.acceptingInvite;
  const domain = newcomer.email?.toLowerCase().split('@')[1];
  return !!domain && policy.domains.includes(domain);
}

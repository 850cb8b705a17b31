import type { Kysely } from 'kysely';
import { AppError } from '../platform/app-error';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import { disabledPeople, teamRoles } from './access.repository';
import {
  may,
  type Action,
  type FolderFacts,
  type Grant,
  type OwnedFacts,
  type Person,
  type Target,
  type TeamRole,
  type VideoFacts,
} from './policy';

/**
 * What is asked about, as far as its feature has read it; `authorize` reads the rest (the caller's
 * roles in the teams involved, whether a video's owner is disabled). A member is named by uid: its
 * role is read here.
 */
export type Subject =
  | { kind: 'video'; video: VideoFacts & { id?: string }; grant?: Grant; now?: Date; to?: string }
  | { kind: 'team'; teamId: string; grantsRole?: TeamRole }
  | { kind: 'member'; teamId: string; uid: string; newRole?: TeamRole }
  | { kind: 'folder'; folder: FolderFacts }
  | { kind: 'webhook'; webhook: OwnedFacts }
  | { kind: 'upload'; upload: { userId: string } }
  | { kind: 'api-key'; apiKey: { userId: string } };

/** The sentences of a refusal: `notFound` when the caller may not even see the thing. */
export interface Refusal {
  notFound: string;
  /**
   * When they may see it but not do this (given the caller's role in the thing's team, when the
   * sentence depends on it); unset: as good as absent (not_found), as the owner-only calls answer.
   */
  denied?: string | ((role: TeamRole | undefined) => string);
  /** Signed out and the thing is not open to them: unauthenticated with this sentence (unset: not_found). */
  signedOut?: string;
}

/** What was read to decide: the caller as the policy saw them, their role in the subject's team. */
export interface Decision {
  person?: Person;
  role?: TeamRole;
}

const teamOf = (subject: Subject): string | undefined => {
  switch (subject.kind) {
    case 'video':
      return subject.video.teamId;
    case 'team':
    case 'member':
      return subject.teamId;
    case 'folder':
      return subject.folder.teamId;
    case 'webhook':
      return subject.webhook.teamId;
    default:
      return undefined;
  }
};

/**
 * THE door of every access decision: reads the facts, asks the policy, and refuses with
 * not_found when the caller may not even see the thing (whether it exists does not leak),
 * permission_denied when they see it but may not do `action` (or not_found where `refusal.denied`
 * is unset). Signed out, a thing not open to them is unauthenticated when `refusal.signedOut` says so.
 */
export async function authorize(
  db: Kysely<Database>,
  caller: User | undefined,
  action: Action,
  subject: Subject,
  refusal: Refusal,
): Promise<Decision> {
  const [decision, target] = await facts(db, caller, subject);
  // A team's members are seen by whoever sees the team.
  const seen: Target = target.kind === 'member' ? { kind: 'team', teamId: target.teamId } : target;
  if (!may(decision.person, 'view', seen) && !may(decision.person, action, target)) {
    // A disabled person's video is gone for everyone else, signed in or not.
    const gone = target.kind === 'video' && target.video.ownerDisabled === true;
    if (!caller && refusal.signedOut && !gone) throw new AppError('unauthenticated', refusal.signedOut);
    throw new AppError('not_found', refusal.notFound);
  }
  // Someone who is not a member is as absent to a member as a team is to an outsider.
  if (target.kind === 'member' && target.subject.role === undefined)
    throw new AppError('not_found', `No member ${target.subject.uid} in team ${target.teamId}`);
  if (!may(decision.person, action, target)) {
    const { denied } = refusal;
    if (denied === undefined) throw new AppError('not_found', refusal.notFound);
    throw new AppError('permission_denied', typeof denied === 'string' ? denied : denied(decision.role));
  }
  return decision;
}

/** `authorize` without the refusal: whether the caller may, and what was read to say so. */
export async function allowed(
  db: Kysely<Database>,
  caller: User | undefined,
  action: Action,
  subject: Subject,
): Promise<{ allowed: boolean } & Decision> {
  const [decision, target] = await facts(db, caller, subject);
  return { allowed: may(decision.person, action, target), ...decision };
}

/**
 * Of `videos`, the ids the caller may do `action` to, with the facts read once for all of them (one
 * query for the caller's roles in every team involved, one for their owners' standing).
 */
export async function authorizedVideos(
  db: Kysely<Database>,
  caller: User | undefined,
  action: Action,
  videos: readonly (VideoFacts & { id: string })[],
  options: { to?: string } = {},
): Promise<Set<string>> {
  const teams = new Set(videos.flatMap((video) => (video.teamId ? [video.teamId] : [])));
  if (options.to) teams.add(options.to);
  const [roles, disabled] = await Promise.all([
    caller ? teamRoles(db, caller.uid, teams) : new Map<string, TeamRole>(),
    disabledPeople(db, new Set(videos.map((video) => video.userId))),
  ]);
  const person = caller && { uid: caller.uid, roles };
  return new Set(
    videos
      .filter((video) =>
        may(person, action, {
          kind: 'video',
          video: { ...video, ownerDisabled: video.ownerDisabled ?? disabled.has(video.userId) },
          to: options.to,
        }),
      )
      .map((video) => video.id),
  );
}

async function facts(db: Kysely<Database>, caller: User | undefined, subject: Subject): Promise<[Decision, Target]> {
  const teamIds = new Set<string>();
  const team = teamOf(subject);
  if (team) teamIds.add(team);
  if (subject.kind === 'video' && subject.to) teamIds.add(subject.to);
  const wantsOwner = subject.kind === 'video' && subject.video.ownerDisabled === undefined;
  const [roles, disabled, subjectRole] = await Promise.all([
    caller ? teamRoles(db, caller.uid, teamIds) : new Map<string, TeamRole>(),
    wantsOwner ? disabledPeople(db, new Set([subject.video.userId])) : new Set<string>(),
    subject.kind === 'member'
      ? teamRoles(db, subject.uid, new Set([subject.teamId])).then((found) => found.get(subject.teamId))
      : undefined,
  ]);
  const person = caller && { uid: caller.uid, roles };
  const decision: Decision = { person, role: team ? roles.get(team) : undefined };
  switch (subject.kind) {
    case 'video': {
      const ownerDisabled = subject.video.ownerDisabled ?? disabled.has(subject.video.userId);
      return [decision, { ...subject, video: { ...subject.video, ownerDisabled } }];
    }
    case 'member': {
      // `role` undefined (not a member) is refused by `authorize` once the team is known to be seen.
      const member = { uid: subject.uid, role: subjectRole as TeamRole };
      return [decision, { kind: 'member', teamId: subject.teamId, subject: member, newRole: subject.newRole }];
    }
    default:
      return [decision, subject];
  }
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VideoVisibility } from '../videos/video.table';
import {
  actions,
  may,
  videoRights,
  type Action,
  type Person,
  type Standing,
  type TeamRole,
  type VideoFacts,
} from './policy';

const TEAM = 'team-1';
const standings: Standing[] = ['owner', 'admin', 'member', 'non-member', 'signed-out'];

/** The person whose standing towards TEAM is `standing` (their uid is the standing's name). */
const personFor = (standing: Standing): Person | undefined =>
  standing === 'signed-out'
    ? undefined
    : { uid: standing, roles: new Map(standing === 'non-member' ? [] : [[TEAM, standing as TeamRole]]) };

/** The actions a standing may take, as a row of ✓ per action (the table reads as the spec does). */
const allowed = (check: (action: Action) => boolean) => actions.filter(check);

describe('the policy as a table: every standing × every action', () => {
  it('on a team', () => {
    const table = Object.fromEntries(
      standings.map((s) => [s, allowed((action) => may(personFor(s), action, { kind: 'team', teamId: TEAM }))]),
    );
    expect(table).toEqual({
      owner: ['view', 'delete', 'move', 'manage-team', 'invite', 'change-role', 'remove-member'],
      admin: ['view', 'move', 'manage-team', 'invite', 'change-role', 'remove-member'],
      member: ['view', 'move'],
      'non-member': [],
      'signed-out': [],
    });
  });

  it("on a team's folder: members see it; its maker, owners and admins change it; a personal one is its user's", () => {
    const onFolder = (folder: { userId: string; teamId?: string }) =>
      Object.fromEntries(
        standings.map((s) => [s, allowed((action) => may(personFor(s), action, { kind: 'folder', folder }))]),
      );
    expect(onFolder({ userId: 'someone-else', teamId: TEAM })).toEqual({
      owner: ['view', 'edit', 'delete', 'move'],
      admin: ['view', 'edit', 'delete', 'move'],
      member: ['view'],
      'non-member': [],
      'signed-out': [],
    });
    expect(onFolder({ userId: 'member', teamId: TEAM }).member).toEqual(['view', 'edit', 'delete', 'move']);
    expect(onFolder({ userId: 'member' })).toEqual({
      owner: [],
      admin: [],
      member: ['view', 'edit', 'delete', 'move'],
      'non-member': [],
      'signed-out': [],
    });
  });

  it('inviting: only an owner gives the owner role', () => {
    const invites = (s: Standing, role: TeamRole) =>
      may(personFor(s), 'invite', { kind: 'team', teamId: TEAM, grantsRole: role });
    expect(standings.map((s) => invites(s, 'owner'))).toEqual([true, false, false, false, false]);
    expect(standings.map((s) => invites(s, 'admin'))).toEqual([true, true, false, false, false]);
    expect(standings.map((s) => invites(s, 'member'))).toEqual([true, true, false, false, false]);
  });

  it('on another member: owners touch anyone, admins never owners, members nobody but themselves', () => {
    const roles: TeamRole[] = ['owner', 'admin', 'member'];
    const removes = (s: Standing) =>
      roles.filter((role) =>
        may(personFor(s), 'remove-member', { kind: 'member', teamId: TEAM, subject: { uid: 'other', role } }),
      );
    expect(standings.map(removes)).toEqual([roles, ['admin', 'member'], [], [], []]);
    const changes = (s: Standing) =>
      roles.flatMap((from) =>
        roles
          .filter((to) =>
            may(personFor(s), 'change-role', {
              kind: 'member',
              teamId: TEAM,
              subject: { uid: 'other', role: from },
              newRole: to,
            }),
          )
          .map((to) => `${from}→${to}`),
      );
    expect(changes('owner')).toHaveLength(9);
    expect(changes('admin')).toEqual(['admin→admin', 'admin→member', 'member→admin', 'member→member']);
    expect([changes('member'), changes('non-member'), changes('signed-out')]).toEqual([[], [], []]);
    // Leaving: removing oneself, whatever one's role; never someone who is not a member.
    for (const s of standings) {
      const self = personFor(s);
      const role: TeamRole = s === 'owner' || s === 'admin' ? s : 'member';
      const leaves = may(self, 'remove-member', { kind: 'member', teamId: TEAM, subject: { uid: s, role } });
      expect(leaves, s).toBe(s === 'owner' || s === 'admin' || s === 'member');
    }
  });

  const visibilities: VideoVisibility[] = ['PRIVATE', 'SHARED', 'PUBLIC', 'TEAM'];
  const teamVideo = (visibility: VideoVisibility): VideoFacts => ({
    userId: 'uploader',
    visibility,
    teamId: TEAM,
    shareToken: 'link-token',
  });

  it.each(visibilities)('on a %s video in the team, not theirs', (visibility) => {
    const table = Object.fromEntries(
      standings.map((s) => [
        s,
        allowed((action) => may(personFor(s), action, { kind: 'video', video: teamVideo(visibility) })),
      ]),
    );
    const outsiders = visibility === 'PUBLIC' ? ['view'] : [];
    expect(table).toEqual({
      owner: ['view', 'move'],
      admin: ['view', 'move'],
      member: ['view'],
      'non-member': outsiders,
      'signed-out': outsiders,
    });
  });

  it.each(visibilities)('on a %s video, with its share link, by standing', (visibility) => {
    const viewsWithLink = standings.filter((s) =>
      may(personFor(s), 'view', { kind: 'video', video: teamVideo(visibility), grant: { shareToken: 'link-token' } }),
    );
    const outsiders = visibility === 'SHARED' || visibility === 'PUBLIC';
    // A TEAM link opens for members only; PRIVATE kills every link.
    expect(viewsWithLink).toEqual(outsiders ? standings : ['owner', 'admin', 'member']);
  });

  it.each(visibilities)("the video's own owner does everything to a %s video, in a team or not", (visibility) => {
    const uploader: Person = { uid: 'uploader', roles: new Map() };
    for (const teamId of [TEAM, undefined]) {
      const video = { ...teamVideo(visibility), teamId };
      expect(allowed((action) => may(uploader, action, { kind: 'video', video }))).toEqual([
        'view',
        'edit',
        'delete',
        'share',
        'move',
      ]);
    }
  });

  it('keeps the rules of personal videos: PRIVATE owner only, SHARED with a working link, PUBLIC anyone', () => {
    const stranger: Person = { uid: 'stranger', roles: new Map() };
    const video = (visibility: VideoVisibility, shareExpiresAt?: Date): VideoFacts => ({
      userId: 'uploader',
      visibility,
      shareToken: 'tok',
      shareExpiresAt,
    });
    const view = (v: VideoFacts, grant = {}) => may(stranger, 'view', { kind: 'video', video: v, grant });
    expect(view(video('PRIVATE'), { shareToken: 'tok' })).toBe(false);
    expect(view(video('SHARED'))).toBe(false);
    expect(view(video('SHARED'), { shareToken: 'tok' })).toBe(true);
    expect(view(video('SHARED'), { shareToken: 'tok2' })).toBe(false);
    expect(view(video('SHARED', new Date(Date.now() - 1000)), { shareToken: 'tok' })).toBe(false);
    expect(view(video('PUBLIC'))).toBe(true);
    expect(view(video('TEAM'), { shareToken: 'tok' })).toBe(false);
    expect(view(video('PRIVATE'), { signedUrl: true })).toBe(true);
    expect(may(undefined, 'view', { kind: 'video', video: video('PUBLIC') })).toBe(true);
  });

  it('a passed named link opens a SHARED video like its main link, never a PRIVATE or TEAM one, nor an action', () => {
    const video = (visibility: VideoVisibility): VideoFacts => ({ userId: 'uploader', visibility });
    const grant = { namedLink: true };
    expect(may(undefined, 'view', { kind: 'video', video: video('SHARED'), grant })).toBe(true);
    expect(may(undefined, 'view', { kind: 'video', video: video('PRIVATE'), grant })).toBe(false);
    expect(may(undefined, 'view', { kind: 'video', video: video('TEAM'), grant })).toBe(false);
    expect(may(undefined, 'edit', { kind: 'video', video: video('SHARED'), grant })).toBe(false);
  });
});

/** A model of teams: who belongs where with which role, and where each video is. */
interface World {
  roles: Map<string, Map<string, TeamRole>>; // uid → team → role
  videos: Map<string, VideoFacts>;
}

const people = ['ann', 'bob', 'cat', 'dan'];
const teamIds = ['t1', 't2'];
const videoIds = ['v1', 'v2', 'v3'];

type Step =
  | { kind: 'join'; uid: string; teamId: string; role: TeamRole }
  | { kind: 'remove'; uid: string; teamId: string }
  | { kind: 'move'; videoId: string; teamId: string | undefined }
  | { kind: 'visibility'; videoId: string; visibility: VideoVisibility };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('join' as const),
    uid: fc.constantFrom(...people),
    teamId: fc.constantFrom(...teamIds),
    role: fc.constantFrom<TeamRole>('owner', 'admin', 'member'),
  }),
  fc.record({
    kind: fc.constant('remove' as const),
    uid: fc.constantFrom(...people),
    teamId: fc.constantFrom(...teamIds),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    videoId: fc.constantFrom(...videoIds),
    teamId: fc.constantFrom(undefined, ...teamIds),
  }),
  fc.record({
    kind: fc.constant('visibility' as const),
    videoId: fc.constantFrom(...videoIds),
    visibility: fc.constantFrom<VideoVisibility>('PRIVATE', 'SHARED', 'PUBLIC', 'TEAM'),
  }),
);

const personIn = (world: World, uid: string): Person => ({ uid, roles: world.roles.get(uid) ?? new Map() });

function apply(world: World, s: Step): void {
  if (s.kind === 'join') world.roles.set(s.uid, new Map(world.roles.get(s.uid)).set(s.teamId, s.role));
  if (s.kind === 'remove') world.roles.get(s.uid)?.delete(s.teamId);
  if (s.kind === 'move') world.videos.set(s.videoId, { ...world.videos.get(s.videoId)!, teamId: s.teamId });
  if (s.kind === 'visibility')
    world.videos.set(s.videoId, { ...world.videos.get(s.videoId)!, visibility: s.visibility });
}

describe('moving a video into a team', () => {
  it("is its owner's, into a team they belong to; a team's owners and admins only take it out", () => {
    const video: VideoFacts = { userId: 'uploader', visibility: 'PRIVATE', teamId: TEAM };
    const into = (person: Person | undefined, to: string) => may(person, 'move', { kind: 'video', video, to });
    const uploader = (roles: [string, TeamRole][]): Person => ({ uid: 'uploader', roles: new Map(roles) });
    expect(into(uploader([['t2', 'member']]), 't2')).toBe(true);
    expect(into(uploader([]), 't2')).toBe(false);
    expect(
      into(
        {
          uid: 'owner',
          roles: new Map([
            [TEAM, 'owner'],
            ['t2', 'owner'],
          ]),
        },
        't2',
      ),
    ).toBe(false);
    expect(into(undefined, 't2')).toBe(false);
  });
});

describe("a caller's rights on a video, as clients are told them (Video.caller_rights)", () => {
  it("are the policy's answers: the uploader all, a team's owners and admins only taking it out, members none", () => {
    const video: VideoFacts = { userId: 'uploader', visibility: 'TEAM', teamId: TEAM };
    const table = Object.fromEntries(
      [...standings, 'uploader' as const].map((s) => [
        s,
        Object.entries(videoRights(s === 'uploader' ? { uid: 'uploader', roles: new Map() } : personFor(s), video))
          .filter(([, yes]) => yes)
          .map(([right]) => right),
      ]),
    );
    expect(table).toEqual({
      uploader: ['edit', 'delete', 'share', 'moveIntoTeam', 'moveOutOfTeam'],
      owner: ['moveOutOfTeam'],
      admin: ['moveOutOfTeam'],
      member: [],
      'non-member': [],
      'signed-out': [],
    });
    // A personal video has no team to leave.
    expect(videoRights({ uid: 'uploader', roles: new Map() }, { ...video, teamId: undefined }).moveOutOfTeam).toBe(
      false,
    );
  });
});

describe('the policy over random sequences of joins, removals and moves', () => {
  it('lets exactly the owner and members of its team see a TEAM or PRIVATE video, and only the owner change it', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const world: World = {
          roles: new Map(),
          videos: new Map(videoIds.map((id, i) => [id, { userId: people[i]!, visibility: 'PRIVATE' as const }])),
        };
        for (const s of steps) {
          apply(world, s);
          for (const [, video] of world.videos) {
            for (const uid of people) {
              const person = personIn(world, uid);
              const target = { kind: 'video' as const, video, grant: { shareToken: video.shareToken } };
              const owner = uid === video.userId;
              const member = video.teamId !== undefined && person.roles.has(video.teamId);
              if (video.visibility === 'TEAM' || video.visibility === 'PRIVATE')
                expect(may(person, 'view', target)).toBe(owner || member);
              if (member || owner) expect(may(person, 'view', target)).toBe(true);
              for (const action of ['edit', 'delete', 'share'] as const)
                expect(may(person, action, target)).toBe(owner);
            }
            expect(may(undefined, 'view', { kind: 'video', video })).toBe(video.visibility === 'PUBLIC');
          }
          // The one just removed loses access at once to their team's non-public videos that are not theirs.
          if (s.kind === 'remove') {
            const person = personIn(world, s.uid);
            for (const [, video] of world.videos) {
              if (video.teamId === s.teamId && video.userId !== s.uid && video.visibility !== 'PUBLIC')
                expect(may(person, 'view', { kind: 'video', video })).toBe(false);
            }
            expect(may(person, 'view', { kind: 'team', teamId: s.teamId })).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

// The team library through the real server with tokens from the Auth emulator,
// on PGlite (one request at a time, the same SQL on PostgreSQL): ListVideos, ListFolders, CreateFolder and ListTags with a team id, the
// team's folders under the policy, bulk changes that keep to one's own videos, and TEAM refused on
// a video in no team (UpdateVideo, UpdateVideos and CreateVideo; uploads take the person's default, never TEAM). Every refusal leaves the tables as they were.
import { Code } from '@connectrpc/connect';
import { TeamRole, VideoSort, Visibility } from '@stream/proto';
import type { AuthEmulator } from '@stream/auth/testing';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { tusClient } from '../support/tus';
import { makeWebm } from '../support/webm';
import { pgliteOnly } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { failure } from '../support/rpc-failure';
import { signedInPerson, type Person } from '../support/people';

let emulator: AuthEmulator;
beforeAll(async () => {
  emulator = await startAuthEmulator();
}, 120_000);
afterAll(() => emulator?.stop());

describe.each(pgliteOnly)('the team library on %s', (databaseKind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: databaseKind, emulatorHost: emulator.host });
  }, 120_000);
  afterAll(() => server?.close());

  const someone = () => signedInPerson(server.baseUrl, emulator.host);

  /** Every table a library call may change, to show a refused call changed nothing. */
  const snapshot = async () => {
    const db = server.database.db;
    const [videos, folders, tags, videoTags] = await Promise.all([
      db.selectFrom('videos').selectAll().orderBy('id').execute(),
      db.selectFrom('folders').selectAll().orderBy('id').execute(),
      db.selectFrom('tags').selectAll().orderBy('id').execute(),
      db.selectFrom('video_tags').selectAll().orderBy('video_id').orderBy('tag_id').execute(),
    ]);
    return { videos, folders, tags, videoTags };
  };

  /** A team of `owner` that each of `others` joined with `role`. */
  async function teamOf(owner: Person, others: Person[], role = TeamRole.MEMBER) {
    const team = await owner.teams.createTeam({ name: 'Studio' });
    const { token } = await owner.teams.createInvite({ teamId: team.id, role, maxUses: 10 });
    for (const other of others) await other.teams.acceptInvite({ token });
    return team;
  }

  async function teamVideo(person: Person, title: string, teamId: string) {
    const video = await person.videos.createVideo({ title });
    await person.teams.moveVideoToTeam({ videoId: video.id, teamId });
    return video.id;
  }

  it("lists the team's videos for its members with the same search, sort and filters, and names the team", async () => {
    const [a, b, outsider] = await Promise.all([someone(), someone(), someone()]);
    const team = await teamOf(a, [b]);
    const alpha = await teamVideo(a, 'Alpha roadmap', team.id);
    const beta = await teamVideo(a, 'Beta notes', team.id);
    const gamma = await teamVideo(b, 'Gamma roadmap', team.id);
    const personal = (await a.videos.createVideo({ title: 'Personal roadmap' })).id;

    const all = await b.videos.listVideos({ pageSize: 10, teamId: team.id });
    expect(all.videos.map((v) => v.id)).toEqual([gamma, beta, alpha]);
    expect(all.totalCount).toBe(3);
    expect(all.videos.every((v) => v.teamId === team.id && v.teamName === 'Studio')).toBe(true);

    const searched = await b.videos.listVideos({ pageSize: 10, teamId: team.id, query: 'roadm' });
    expect(searched.videos.map((v) => v.id).sort()).toEqual([alpha, gamma].sort());
    const byTitle = await a.videos.listVideos({ pageSize: 2, teamId: team.id, sort: VideoSort.TITLE });
    expect(byTitle.videos.map((v) => v.id)).toEqual([alpha, beta]);
    expect(byTitle.nextPageNumber).toBe(1);
    const privateOnes = await a.videos.listVideos({ pageSize: 10, teamId: team.id, visibility: Visibility.PRIVATE });
    expect(privateOnes.videos).toHaveLength(3);

    // Without a team id: one's own videos, those in the team too, as the spec says.
    const mine = await a.videos.listVideos({ pageSize: 10, sort: VideoSort.TITLE });
    expect(mine.videos.map((v) => [v.id, v.teamName])).toEqual([
      [alpha, 'Studio'],
      [beta, 'Studio'],
      [personal, ''],
    ]);
    expect((await b.videos.getVideo({ videoId: alpha })).teamName).toBe('Studio');

    expect(await failure(outsider.videos.listVideos({ pageSize: 10, teamId: team.id }))).toEqual({
      code: Code.NotFound,
      message: `No team ${team.id}`,
    });
    expect((await failure(a.videos.listVideos({ pageSize: 10, teamId: 'bad\u0000id' }))).code).toBe(
      Code.InvalidArgument,
    );

    // Removed, B no longer lists the team; B's own video stays in it, still B's.
    await a.teams.removeMember({ teamId: team.id, uid: b.user.uid });
    expect((await failure(b.videos.listVideos({ pageSize: 10, teamId: team.id }))).code).toBe(Code.NotFound);
    expect((await b.videos.listVideos({ pageSize: 10, query: 'gamma' })).videos.map((v) => v.id)).toEqual([gamma]);
    expect((await a.videos.listVideos({ pageSize: 10, teamId: team.id })).totalCount).toBe(3);
  });

  it("team folders: members see and file into them; their maker and the team's owners and admins change them", async () => {
    const [a, b, c, outsider] = await Promise.all([someone(), someone(), someone(), someone()]);
    const team = await teamOf(a, [b, c]);
    const bVideo = await teamVideo(b, 'B in team', team.id);
    const aVideo = await teamVideo(a, 'A in team', team.id);
    const aPersonal = (await a.videos.createVideo({ title: 'A at home' })).id;

    const specs = await b.library.createFolder({ name: 'Specs', teamId: team.id });
    const personalFolder = await a.library.createFolder({ name: 'Mine' });
    expect((await a.library.listFolders({ teamId: team.id })).folders.map((f) => f.name)).toEqual(['Specs']);
    expect((await a.library.listFolders({})).folders.map((f) => f.name)).toEqual(['Mine']);
    expect((await c.library.listFolders({ teamId: team.id, all: true })).folders.map((f) => f.id)).toEqual([specs.id]);
    // A subfolder lives where its parent does, whatever team_id says.
    const drafts = await c.library.createFolder({ name: 'Drafts', parentId: specs.id });
    const inSpecs = await a.library.listFolders({ teamId: team.id, parentId: specs.id });
    expect(inSpecs.folders.map((f) => f.id)).toEqual([drafts.id]);
    expect(inSpecs.path.map((f) => f.name)).toEqual(['Specs']);

    await b.library.updateVideos({ videoIds: [bVideo], folderId: specs.id });
    const filed = await c.videos.listVideos({ pageSize: 10, teamId: team.id, folderId: specs.id });
    expect(filed.videos.map((v) => [v.id, v.folderId])).toEqual([[bVideo, specs.id]]);
    const root = await c.videos.listVideos({ pageSize: 10, teamId: team.id, folderId: '' });
    expect(root.videos.map((v) => v.id)).toEqual([aVideo]);
    expect((await a.library.listFolders({ teamId: team.id })).folders[0]!.videoCount).toBe(1);

    const before = await snapshot();
    const refused = await Promise.all([
      failure(outsider.library.listFolders({ teamId: team.id })),
      failure(outsider.library.createFolder({ name: 'Sneak', teamId: team.id })),
      failure(outsider.library.createFolder({ name: 'Sneak', parentId: specs.id })),
      failure(outsider.library.renameFolder({ folderId: specs.id, name: 'Mine now' })),
      failure(outsider.videos.listVideos({ pageSize: 10, folderId: specs.id })),
      failure(c.library.renameFolder({ folderId: specs.id, name: 'Not mine' })),
      failure(c.library.deleteFolder({ folderId: specs.id })),
      failure(b.library.moveFolder({ folderId: specs.id, parentId: drafts.id })),
      failure(a.library.moveFolder({ folderId: specs.id, parentId: personalFolder.id })),
      failure(a.library.moveFolder({ folderId: personalFolder.id, parentId: specs.id })),
      failure(c.library.updateVideos({ videoIds: [aVideo], folderId: specs.id })),
      failure(a.library.updateVideos({ videoIds: [aPersonal], folderId: specs.id })),
      failure(a.library.updateVideos({ videoIds: [aVideo], folderId: personalFolder.id })),
      failure(a.videos.listVideos({ pageSize: 10, teamId: team.id, folderId: personalFolder.id })),
      failure(a.videos.listVideos({ pageSize: 10, folderId: specs.id })),
    ]);
    expect(refused.map((r) => r.code)).toEqual([
      Code.NotFound,
      Code.NotFound,
      Code.NotFound,
      Code.NotFound,
      Code.NotFound,
      Code.PermissionDenied,
      Code.PermissionDenied,
      Code.InvalidArgument,
      Code.InvalidArgument,
      Code.InvalidArgument,
      Code.PermissionDenied,
      Code.FailedPrecondition,
      Code.FailedPrecondition,
      Code.NotFound,
      Code.NotFound,
    ]);
    expect(refused[11]!.message).toMatch(/personal library/);
    expect(refused[12]!.message).toMatch(/team's folders/);
    expect(await snapshot()).toEqual(before);

    // The team's owner renames and deletes a member's folder; its videos go to the team's root.
    expect((await a.library.renameFolder({ folderId: specs.id, name: 'Designs' })).name).toBe('Designs');
    await a.library.deleteFolder({ folderId: specs.id });
    expect((await b.videos.getVideo({ videoId: bVideo })).folderId).toBe('');
    expect((await b.library.listFolders({ teamId: team.id, all: true })).folders).toEqual([]);

    // Moving a video between libraries takes it out of its folder.
    const home = await a.library.createFolder({ name: 'Home' });
    await a.library.updateVideos({ videoIds: [aPersonal], folderId: home.id });
    await a.teams.moveVideoToTeam({ videoId: aPersonal, teamId: team.id });
    expect((await a.videos.getVideo({ videoId: aPersonal })).folderId).toBe('');

    // Deleting the team deletes its folders.
    const doomed = await c.library.createFolder({ name: 'Doomed', teamId: team.id });
    await a.teams.deleteTeam({ teamId: team.id });
    expect(
      await server.database.db.selectFrom('folders').select('id').where('id', '=', doomed.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("tags: a team's tag list is the tags on its videos, and filters the team's library by name", async () => {
    const [a, b, outsider] = await Promise.all([someone(), someone(), someone()]);
    const team = await teamOf(a, [b]);
    const alpha = await teamVideo(a, 'Alpha', team.id);
    const gamma = await teamVideo(b, 'Gamma', team.id);
    const personal = (await a.videos.createVideo({ title: 'Home' })).id;
    await a.library.updateVideos({ videoIds: [alpha, personal], addTags: ['Q3'] });
    await a.library.updateVideos({ videoIds: [personal], addTags: ['private-thoughts'] });
    await b.library.updateVideos({ videoIds: [gamma], addTags: ['q3', 'design'] });

    const listed = await b.library.listTags({ teamId: team.id });
    expect(listed.tags.map((t) => [t.name.toLowerCase(), t.videoCount])).toEqual([
      ['design', 1],
      ['q3', 2],
    ]);
    // B's own tag's id, so deleting it from the list works.
    const bTags = await b.library.listTags({});
    expect(listed.tags.find((t) => t.name === 'design')!.id).toBe(bTags.tags.find((t) => t.name === 'design')!.id);
    expect((await a.library.listTags({})).tags.map((t) => t.name)).toEqual(['private-thoughts', 'Q3']);

    const tagged = await b.videos.listVideos({ pageSize: 10, teamId: team.id, tags: ['Q3'], sort: VideoSort.TITLE });
    expect(tagged.videos.map((v) => v.id)).toEqual([alpha, gamma]);
    expect(tagged.totalCount).toBe(2);
    const both = await b.videos.listVideos({ pageSize: 10, teamId: team.id, tags: ['q3', 'DESIGN'] });
    expect(both.videos.map((v) => v.id)).toEqual([gamma]);
    const none = await b.videos.listVideos({ pageSize: 10, teamId: team.id, tags: ['private-thoughts'] });
    expect(none.videos).toEqual([]);
    expect((await failure(outsider.library.listTags({ teamId: team.id }))).code).toBe(Code.NotFound);
  });

  it("bulk changes keep to one's own videos: a member cannot change or delete a team mate's", async () => {
    const [a, b] = await Promise.all([someone(), someone()]);
    const team = await teamOf(a, [b], TeamRole.ADMIN);
    const aVideo = await teamVideo(a, 'A', team.id);
    const bVideo = await teamVideo(b, 'B', team.id);
    const stranger = await (await someone()).videos.createVideo({ title: 'Public', visibility: Visibility.PUBLIC });

    const before = await snapshot();
    const refused = await Promise.all([
      failure(b.library.updateVideos({ videoIds: [bVideo, aVideo], visibility: Visibility.PUBLIC })),
      failure(b.library.updateVideos({ videoIds: [aVideo], addTags: ['mine'] })),
      failure(b.library.deleteVideos({ videoIds: [bVideo, aVideo] })),
      failure(b.library.updateVideos({ videoIds: [stranger.id], addTags: ['x'] })),
      failure(b.videos.updateVideo({ videoId: aVideo, title: 'Hijacked', updateMask: { paths: ['title'] } })),
    ]);
    expect(refused.map((r) => r.code)).toEqual([
      Code.PermissionDenied,
      Code.PermissionDenied,
      Code.PermissionDenied,
      Code.NotFound,
      Code.NotFound,
    ]);
    expect(refused[0]!.message).toBe(`Video ${aVideo} is a team mate's: only its owner changes it`);
    expect(await snapshot()).toEqual(before);
    expect((await b.library.updateVideos({ videoIds: [bVideo], addTags: ['mine'] })).videos[0]!.tags).toEqual(['mine']);
  });

  it('tells each caller what they may do to each video, as the policy decides (Video.caller_rights)', async () => {
    const [a, admin, member] = await Promise.all([someone(), someone(), someone()]);
    const team = await teamOf(a, [admin], TeamRole.ADMIN);
    const { token } = await a.teams.createInvite({ teamId: team.id, role: TeamRole.MEMBER });
    await member.teams.acceptInvite({ token });
    const aVideo = await teamVideo(a, 'Ann in team', team.id);
    const personal = (await a.videos.createVideo({ title: 'Ann at home' })).id;

    const everything = { edit: true, delete: true, share: true, moveIntoTeam: true };
    const rightsIn = async (person: Person) => {
      const listed = await person.videos.listVideos({ pageSize: 10, pageNumber: 0, teamId: team.id });
      const fetched = await person.videos.getVideo({ videoId: aVideo });
      expect(fetched.callerRights).toEqual(listed.videos.find((v) => v.id === aVideo)!.callerRights);
      const { edit, delete: remove, share, moveIntoTeam, moveOutOfTeam } = fetched.callerRights!;
      return { edit, delete: remove, share, moveIntoTeam, moveOutOfTeam };
    };
    expect(await rightsIn(a)).toEqual({ ...everything, moveOutOfTeam: true });
    expect(await rightsIn(admin)).toEqual({
      edit: false,
      delete: false,
      share: false,
      moveIntoTeam: false,
      moveOutOfTeam: true,
    });
    expect(await rightsIn(member)).toEqual({
      edit: false,
      delete: false,
      share: false,
      moveIntoTeam: false,
      moveOutOfTeam: false,
    });
    // Her own library: hers, with no team to leave for the personal one.
    const own = await a.videos.listVideos({ pageSize: 10, pageNumber: 0 });
    expect(own.videos.find((v) => v.id === personal)!.callerRights).toMatchObject({
      ...everything,
      moveOutOfTeam: false,
    });
    expect(own.videos.find((v) => v.id === aVideo)!.callerRights).toMatchObject({ ...everything, moveOutOfTeam: true });
    // What they are told matches what happens: the admin takes it out, the member could not.
    expect((await failure(member.teams.moveVideoToTeam({ videoId: aVideo, teamId: '' }))).code).toBe(
      Code.PermissionDenied,
    );
    expect((await failure(admin.library.deleteVideos({ videoIds: [aVideo] }))).code).toBe(Code.PermissionDenied);
    await admin.teams.moveVideoToTeam({ videoId: aVideo, teamId: '' });
  });

  it('a new video cannot start TEAM: CreateVideo refuses it, uploads make it PRIVATE whatever they send', async () => {
    const a = await someone();
    const before = await snapshot();
    expect(await failure(a.videos.createVideo({ title: 'Born team', visibility: Visibility.TEAM }))).toEqual({
      code: Code.FailedPrecondition,
      message:
        'A new video is in no team, so it cannot be visible to a team: create it, move it into a team, then make it TEAM',
    });
    expect(await snapshot()).toEqual(before);

    const bytes = new Uint8Array(await readFile(await makeWebm({ seconds: 1 })));
    const form = new FormData();
    form.append('visibility', 'TEAM');
    form.append('video', new Blob([Buffer.from(bytes)], { type: 'video/webm' }), 'recording.webm');
    const multipart = await fetch(`${server.baseUrl}/api/videoservice/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.user.idToken}` },
      body: form,
    });
    expect(multipart.status).toBe(201);
    const uploaded = ((await multipart.json()) as { video: { id: string } }).video.id;

    const metadata = (text: string) => Buffer.from(text).toString('base64');
    const created = await tusClient(server.baseUrl, a.user.idToken).create({
      headers: { 'upload-metadata': `title ${metadata('Tus')},visibility ${metadata('TEAM')}` },
    });
    expect(created.status).toBe(201);
    const resumable = created.headers.get('stream-video-id')!;

    for (const videoId of [uploaded, resumable]) {
      const row = await server.database.db
        .selectFrom('videos')
        .select(['team_id', 'visibility'])
        .where('id', '=', videoId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ team_id: null, visibility: 'PRIVATE' });
    }
  });

  it('TEAM on a video in no team is refused, and nothing changes', async () => {
    const a = await someone();
    const team = await a.teams.createTeam({ name: 'Vis' });
    const inTeam = await teamVideo(a, 'In team', team.id);
    const alone = (await a.videos.createVideo({ title: 'Alone' })).id;

    const before = await snapshot();
    const refused = await Promise.all([
      failure(a.videos.updateVideo({ videoId: alone, title: 'Alone', visibility: Visibility.TEAM })),
      failure(
        a.videos.updateVideo({
          videoId: alone,
          visibility: Visibility.TEAM,
          chapters: { chapters: [{ seconds: 0, title: 'Start' }] },
          updateMask: { paths: ['visibility', 'chapters'] },
        }),
      ),
      failure(a.library.updateVideos({ videoIds: [inTeam, alone], visibility: Visibility.TEAM })),
    ]);
    expect(refused).toEqual(
      Array(3).fill({
        code: Code.FailedPrecondition,
        message: `Video ${alone} is in no team, so it cannot be visible to a team: move it into a team first`,
      }),
    );
    expect(await snapshot()).toEqual(before);

    const updated = await a.videos.updateVideo({
      videoId: inTeam,
      visibility: Visibility.TEAM,
      updateMask: { paths: ['visibility'] },
    });
    expect(updated.visibility).toBe(Visibility.TEAM);
    expect((await a.library.updateVideos({ videoIds: [inTeam], visibility: Visibility.TEAM })).videos).toHaveLength(1);

    // TEAM → PRIVATE in bulk takes readers away: the signed URLs handed out so far are revoked, as UpdateVideo does.
    const generation = async () =>
      (
        await server.database.db
          .selectFrom('videos')
          .select('link_generation')
          .where('id', '=', inTeam)
          .executeTakeFirstOrThrow()
      ).link_generation;
    const was = await generation();
    await a.library.updateVideos({ videoIds: [inTeam], visibility: Visibility.PRIVATE });
    expect(await generation()).toBe(was + 1);
    await a.library.updateVideos({ videoIds: [inTeam], visibility: Visibility.PUBLIC });
    expect(await generation()).toBe(was + 1);
  });
});

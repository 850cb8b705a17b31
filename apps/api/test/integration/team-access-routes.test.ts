// Every route of a TEAM video asks the policy, through the real server with a
// processed video (real ffmpeg) and tokens from the Auth emulator: a member reaches the video by
// RPC, stream, thumbnail, storyboard, captions, download and the team-only share link; removed,
// they reach none of it at once, the signed URLs they were handed included, while the owner still
// does. Also: the HTTP routes keep the users table current as the RPCs do.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, ConnectError } from '@connectrpc/connect';
import { Status, Visibility, type Video } from '@stream/proto';
import type { AuthEmulator } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { shareTokenOf } from '../support/share';
import { startTestServer, type TestServer } from '../support/test-server';
import { until, untilProcessed } from '../support/until';
import { uploadVideo } from '../support/upload';
import { makeWebm } from '../support/webm';
import { failureCode as code } from '../support/rpc-failure';
import { signedInPerson, type Person } from '../support/people';

let emulator: AuthEmulator;
let server: TestServer;
let webm: Buffer;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'stream-team-web-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Stream</title></head><body></body></html>',
  );
  [emulator, webm] = await Promise.all([
    startAuthEmulator(),
    makeWebm({ seconds: 2 }).then((path) => readFileSync(path)),
  ]);
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    env: { WORKER: 'true', WEB_DIST: webDist },
  });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
  rmSync(webDist, { recursive: true, force: true });
});

const someone = () => signedInPerson(server.baseUrl, emulator.host, 'Someone');

const get = async (path: string, token?: string, range = true) =>
  (
    await fetch(new URL(path, server.baseUrl), {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(range ? { range: 'bytes=0-9' } : {}) },
    })
  ).status;

/** Every way to the video for `person`, by name: an RPC's code or an HTTP status. */
async function walk(person: Person, video: { id: string; teamId: string; shareToken: string }, held?: Video) {
  const token = person.user.idToken;
  const { id } = video;
  return {
    getVideo: await code(person.videos.getVideo({ videoId: id })),
    listTeam: await person.videos
      .listVideos({ pageSize: 10, teamId: video.teamId })
      .then((listed) => listed.videos.some((v) => v.id === id))
      .catch((error: ConnectError) => error.code),
    sharedLink: await code(person.videos.getSharedVideo({ shareToken: video.shareToken })),
    recordView: await code(person.videos.recordView({ videoId: id })),
    stream: await get(`/api/videoservice/video/${id}`, token),
    download: await get(`/api/videoservice/video/${id}?download=1`, token, false),
    thumbnail: await get(`/api/videoservice/thumbnail/${id}`, token, false),
    storyboard: await get(`/api/videoservice/storyboard/${id}`, token, false),
    captions: await get(`/api/videoservice/captions/${id}`, token, false),
    // URLs handed out earlier, signed: they must not outlive the access they were handed for.
    ...(held && {
      signedStream: await get(held.url),
      signedThumbnail: await get(held.thumbnailUrl, undefined, false),
      signedStoryboard: await get(held.storyboard!.url, undefined, false),
      signedCaptions: await get(held.captionsUrl, undefined, false),
    }),
  };
}

const reaches = {
  getVideo: 'ok',
  listTeam: true,
  sharedLink: 'ok',
  recordView: 'ok',
  stream: 206,
  download: 200,
  thumbnail: 200,
  storyboard: 200,
  captions: 200,
};
const heldReaches = { signedStream: 206, signedThumbnail: 200, signedStoryboard: 200, signedCaptions: 200 };

describe('a TEAM video over every route', () => {
  it('a member reaches it everywhere; removed, nowhere at once, while its owner still does', async () => {
    const [a, b] = await Promise.all([someone(), someone()]);
    const team = await a.teams.createTeam({ name: 'Routes' });
    const { token } = await a.teams.createInvite({ teamId: team.id });
    await b.teams.acceptInvite({ token });

    const uploaded = await uploadVideo(server.baseUrl, webm, { token: a.user.idToken });
    expect(uploaded.status).toBe(201);
    const id = uploaded.json.video!.id;
    expect((await untilProcessed(a.videos, id, () => '')).status).toBe(Status.READY);
    // The storyboard lands just after the video is READY.
    await until('the storyboard', async () =>
      (await a.videos.getVideo({ videoId: id })).storyboard ? true : undefined,
    );
    await a.edits.setCaptions({ videoId: id, webvtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello team\n' });
    await a.teams.moveVideoToTeam({ videoId: id, teamId: team.id });
    await a.videos.updateVideo({
      videoId: id,
      title: 'Team walk',
      visibility: Visibility.TEAM,
      updateMask: { paths: ['title', 'visibility'] },
    });
    const shareToken = shareTokenOf((await a.videos.shareVideo({ videoId: id })).url);
    const video = { id, teamId: team.id, shareToken };

    const held = await b.videos.getVideo({ videoId: id });
    expect(held.storyboard?.url && held.captionsUrl && held.thumbnailUrl).toBeTruthy();
    expect(await walk(b, video, held)).toEqual({ ...reaches, ...heldReaches });
    // Signed out, a team-only link opens nothing: not its watch page, not the RPC.
    const page = await (await fetch(`${server.baseUrl}/s/${shareToken}`)).text();
    expect(page).not.toContain('Team walk');
    expect(await code(videoClient(server.baseUrl).getSharedVideo({ shareToken }))).toBe(Code.Unauthenticated);

    await a.teams.removeMember({ teamId: team.id, uid: b.user.uid });
    expect(await walk(b, video, held)).toEqual({
      getVideo: Code.NotFound,
      listTeam: Code.NotFound,
      sharedLink: Code.NotFound,
      recordView: Code.NotFound,
      stream: 404,
      download: 404,
      thumbnail: 404,
      storyboard: 404,
      captions: 404,
      signedStream: 404,
      signedThumbnail: 404,
      signedStoryboard: 404,
      signedCaptions: 404,
    });
    expect(await (await fetch(`${server.baseUrl}/s/${shareToken}`)).text()).not.toContain('Team walk');

    // The owner still reaches it all, through new signed URLs.
    const fresh = await a.videos.getVideo({ videoId: id });
    expect(await walk(a, video, fresh)).toEqual({ ...reaches, ...heldReaches });
  });

  it('a video taken out of the team stops opening for its members, signed URLs included', async () => {
    const [a, b] = await Promise.all([someone(), someone()]);
    const team = await a.teams.createTeam({ name: 'Out' });
    await b.teams.acceptInvite({ token: (await a.teams.createInvite({ teamId: team.id })).token });
    const uploaded = await uploadVideo(server.baseUrl, webm, { token: a.user.idToken });
    const id = uploaded.json.video!.id;
    await untilProcessed(a.videos, id, () => '');
    await a.teams.moveVideoToTeam({ videoId: id, teamId: team.id });
    const held = await b.videos.getVideo({ videoId: id });
    expect(await get(held.url)).toBe(206);

    await a.teams.moveVideoToTeam({ videoId: id, teamId: '' });
    expect(await code(b.videos.getVideo({ videoId: id }))).toBe(Code.NotFound);
    expect(await get(held.url)).toBe(404);
    expect(await get(held.thumbnailUrl, undefined, false)).toBe(404);
  });
});

describe('the users table', () => {
  it('is kept current by the HTTP routes too: someone who only uploads is known by name and email', async () => {
    const c = await newTestUser(emulator.host, { displayName: 'Uploader Only' });
    const uploaded = await uploadVideo(server.baseUrl, webm, { token: c.idToken });
    expect(uploaded.status).toBe(201);
    const row = await server.database.db.selectFrom('users').selectAll().where('uid', '=', c.uid).executeTakeFirst();
    expect(row).toMatchObject({ email: c.email, display_name: 'Uploader Only' });
  });
});

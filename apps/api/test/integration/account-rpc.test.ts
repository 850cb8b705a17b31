// The account service through the real server, real gRPC-web clients and the Auth
// emulator: a display name kept against the ID token, a default visibility applied by every way
// a video is made, an export whose zip holds the stored bytes, and deleting an account after which
// no table and no blob holds anything of the person. Bad input is refused with a reason and
// changes nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code, ConnectError } from '@connectrpc/connect';
import { toJsonString } from '@bufbuild/protobuf';
import {
  AccountRefusalReason,
  AccountRefusalSchema,
  ListCommentsResponseSchema,
  NotificationMail,
  TeamRole,
  Theme,
  Visibility,
} from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { signInTestUser } from '@stream/auth/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertUser } from '../../src/accounts/user.repository';
import { accountClient } from '../support/account-client';
import { newTestUser, startAuthEmulator } from '../support/auth-emulator';
import { videoClient } from '../support/clients';
import { conversationClient } from '../support/conversation-client';
import { libraryClient } from '../support/library-client';
import { teamClient } from '../support/team-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { tusClient } from '../support/tus';
import { filesUnder, uploadVideo } from '../support/upload';
import { makeWebm } from '../support/webm';
import { readZip } from '@stream/video-api/testing';

let emulator: AuthEmulator;
let webm: Buffer;
let server: TestServer;
beforeAll(async () => {
  [emulator, webm] = await Promise.all([
    startAuthEmulator(),
    makeWebm({ seconds: 1 }).then((path) => readFileSync(path)),
  ]);
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    const [detail] = error.findDetails(AccountRefusalSchema);
    return { code: error.code, reason: detail?.reason, teamNames: detail?.teamNames ?? [], message: error.rawMessage };
  }
  throw new Error('the call was not refused');
}

async function someone(displayName?: string) {
  const user: TestUser = await newTestUser(emulator.host, { displayName });
  return {
    user,
    account: accountClient(server.baseUrl, user.idToken),
    videos: videoClient(server.baseUrl, { token: user.idToken }),
    teams: teamClient(server.baseUrl, user.idToken),
    talk: conversationClient(server.baseUrl, { token: user.idToken }),
    library: libraryClient(server.baseUrl, user.idToken),
    tus: tusClient(server.baseUrl, user.idToken),
  };
}

const userRow = (uid: string) =>
  server.database.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();

describe('profile', () => {
  it('keeps an edited display name against the ID token and shows it in team lists and comments', async () => {
    const a = await someone('Token Name');
    expect(await a.account.getAccount({})).toMatchObject({
      uid: a.user.uid,
      displayName: 'Token Name',
      email: a.user.email,
      defaultVisibility: Visibility.PRIVATE,
      theme: Theme.SYSTEM,
    });

    const renamed = await a.account.updateProfile({ displayName: '  Ada Lovelace  ' });
    expect(renamed.displayName).toBe('Ada Lovelace');

    // A fresh token still says "Token Name": the row keeps the edited name.
    const again = accountClient(server.baseUrl, await signInTestUser(emulator.host, a.user.email, a.user.password));
    expect((await again.getAccount({})).displayName).toBe('Ada Lovelace');
    expect((await userRow(a.user.uid))?.display_name).toBe('Ada Lovelace');

    const team = await a.teams.createTeam({ name: 'Names' });
    const members = (await a.teams.getTeam({ teamId: team.id })).members;
    expect(members.map((member) => member.displayName)).toEqual(['Ada Lovelace']);

    const video = await a.videos.createVideo({ title: 'Hosted', url: 'https://example.com/v.webm' });
    const comment = await a.talk.addComment({ videoId: video.id, text: 'Mine', momentSeconds: 0 });
    expect(comment.author?.displayName).toBe('Ada Lovelace');
  });

  it('refuses a blank or too long name with its reason and changes nothing', async () => {
    const a = await someone('Kept');
    await a.account.updateProfile({ displayName: 'Kept Name' });
    const before = await userRow(a.user.uid);

    expect(await refusal(a.account.updateProfile({ displayName: '   ' }))).toMatchObject({
      code: Code.InvalidArgument,
      reason: AccountRefusalReason.NAME_BLANK,
    });
    expect(await refusal(a.account.updateProfile({ displayName: 'x'.repeat(101) }))).toMatchObject({
      code: Code.InvalidArgument,
      reason: AccountRefusalReason.NAME_TOO_LONG,
    });
    expect(await userRow(a.user.uid)).toEqual(before);
  });
});

describe('defaults', () => {
  it('makes every new video public by whole-file upload, tus and CreateVideo once the default says so', async () => {
    const a = await someone();
    const set = await a.account.setDefaults({ defaultVisibility: Visibility.PUBLIC, theme: Theme.DARK });
    expect(set).toMatchObject({ defaultVisibility: Visibility.PUBLIC, theme: Theme.DARK });

    const whole = await uploadVideo(server.baseUrl, webm, { token: a.user.idToken });
    expect(whole.status).toBe(201);
    expect(whole.json.video?.visibility).toBe('VISIBILITY_PUBLIC');

    const created = await a.tus.create({ title: 'Instant' });
    expect(created.status).toBe(201);
    const instantId = created.headers.get('stream-video-id')!;
    expect((await a.videos.getVideo({ videoId: instantId })).visibility).toBe(Visibility.PUBLIC);

    expect((await a.videos.createVideo({ title: 'API', url: 'https://example.com/a.webm' })).visibility).toBe(
      Visibility.PUBLIC,
    );
    // Said explicitly, the request wins.
    const said = await a.videos.createVideo({
      title: 'API private',
      url: 'https://example.com/b.webm',
      visibility: Visibility.PRIVATE,
    });
    expect(said.visibility).toBe(Visibility.PRIVATE);

    // Someone else's default is their own.
    const b = await someone();
    expect((await b.videos.createVideo({ title: 'B', url: 'https://example.com/c.webm' })).visibility).toBe(
      Visibility.PRIVATE,
    );
  });

  it('keeps the recording settings, and refuses TEAM as a default, an unknown theme or mail choice, or a countdown past 10 s', async () => {
    const a = await someone();
    const set = await a.account.setDefaults({
      recordingDefaults: { camera: true, microphone: false, countdownSeconds: 5 },
    });
    expect(set.recordingDefaults).toMatchObject({ camera: true, microphone: false, countdownSeconds: 5 });
    const before = await userRow(a.user.uid);
    expect(await refusal(a.account.setDefaults({ defaultVisibility: Visibility.TEAM }))).toMatchObject({
      code: Code.InvalidArgument,
      reason: AccountRefusalReason.VISIBILITY_NOT_ALLOWED,
    });
    // Numbers no enum defines are refused before the handler (platform/rpc/body-guard.ts).
    expect(await refusal(a.account.setDefaults({ theme: 9 as Theme }))).toMatchObject({ code: Code.InvalidArgument });
    expect(await refusal(a.account.setDefaults({ notificationMail: 9 as NotificationMail }))).toMatchObject({
      code: Code.InvalidArgument,
    });
    expect(
      await refusal(
        a.account.setDefaults({ recordingDefaults: { camera: false, microphone: true, countdownSeconds: 11 } }),
      ),
    ).toMatchObject({ code: Code.InvalidArgument, reason: AccountRefusalReason.RECORDING_DEFAULTS_INVALID });
    expect(await userRow(a.user.uid)).toEqual(before);
  });
});

describe('export', () => {
  it("streams a zip holding the video's exact bytes stored, its metadata and comments, by a signed link", async () => {
    const a = await someone('Exporter');
    const uploaded = await uploadVideo(server.baseUrl, webm, { token: a.user.idToken });
    const id = uploaded.json.video!.id;
    await a.videos.updateVideo({ videoId: id, title: 'Demo: a/b "c"', description: 'd' });
    await a.talk.addComment({ videoId: id, text: 'First!', momentSeconds: 0 });

    const link = await a.account.getExportLink({});
    expect(link.url).toMatch(/^\/api\/account\/export\?uid=/);
    const response = await fetch(new URL(link.url, server.baseUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="stream-export-/);
    const zip = await readZip(Buffer.from(await response.arrayBuffer()));

    const folder = `videos/Demo_ a_b _c_ (${id})`;
    // Still processing (the worker is off here): its upload is the original, as received.
    const original = zip.get(`${folder}/original.webm`);
    expect(original?.bytes.equals(webm)).toBe(true);
    expect(original?.compressionMethod).toBe(0);
    const metadata = JSON.parse(zip.get('videos.json')!.bytes.toString());
    expect(metadata).toEqual([
      expect.objectContaining({
        id,
        title: 'Demo: a/b "c"',
        description: 'd',
        status: 'PROCESSING',
        sizeBytes: webm.length,
        included: ['original.webm'],
      }),
    ]);
    expect(JSON.parse(zip.get(`${folder}/metadata.json`)!.bytes.toString()).id).toBe(id);
    expect(JSON.parse(zip.get(`${folder}/comments.json`)!.bytes.toString())).toEqual([
      expect.objectContaining({ text: 'First!', author_name: 'Exporter' }),
    ]);
    expect(JSON.parse(zip.get('account.json')!.bytes.toString())).toMatchObject({ email: a.user.email });
    expect(zip.has('README.txt')).toBe(true);
  });

  it('refuses a tampered link, and without one a caller without a token', async () => {
    const a = await someone();
    const link = await a.account.getExportLink({});
    const tampered = link.url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await fetch(new URL(tampered, server.baseUrl))).status).toBe(404);
    const other = await someone();
    const forged = link.url.replace(/uid=[^&]+/, `uid=${other.user.uid}`);
    expect((await fetch(new URL(forged, server.baseUrl))).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/account/export`)).status).toBe(401);
    const withToken = await fetch(`${server.baseUrl}/api/account/export`, {
      headers: { authorization: `Bearer ${a.user.idToken}` },
    });
    expect(withToken.status).toBe(200);
    expect((await readZip(Buffer.from(await withToken.arrayBuffer()))).has('videos.json')).toBe(true);
  });
});

describe('delete', () => {
  it('refuses a wrong email and the only owner of a team with others, changing nothing', async () => {
    const a = await someone('Owner');
    const b = await someone('Member');
    const team = await a.teams.createTeam({ name: 'Crew' });
    const invite = await a.teams.createInvite({ teamId: team.id, role: TeamRole.MEMBER, maxUses: 1 });
    await b.teams.acceptInvite({ token: invite.token });
    await uploadVideo(server.baseUrl, webm, { token: a.user.idToken });
    const before = {
      user: await userRow(a.user.uid),
      videos: await server.database.db.selectFrom('videos').select('id').where('user_id', '=', a.user.uid).execute(),
      blobs: await server.listBlobs(),
    };

    expect(await refusal(a.account.deleteAccount({ confirmEmail: 'someone@else.example' }))).toMatchObject({
      code: Code.InvalidArgument,
      reason: AccountRefusalReason.EMAIL_MISMATCH,
    });
    expect(await refusal(a.account.deleteAccount({ confirmEmail: a.user.email }))).toMatchObject({
      code: Code.FailedPrecondition,
      reason: AccountRefusalReason.SOLE_OWNER_OF_TEAM,
      teamNames: ['Crew'],
    });
    expect({
      user: await userRow(a.user.uid),
      videos: await server.database.db.selectFrom('videos').select('id').where('user_id', '=', a.user.uid).execute(),
      blobs: await server.listBlobs(),
    }).toEqual(before);

    // Handed on, the account can go; the team stays with B.
    const aMember = (await a.teams.getTeam({ teamId: team.id })).members.find((m) => m.uid === b.user.uid)!;
    await a.teams.changeRole({ teamId: team.id, uid: aMember.uid, role: TeamRole.OWNER });
    await a.account.deleteAccount({ confirmEmail: ` ${a.user.email.toUpperCase()} ` });
    expect((await b.teams.getTeam({ teamId: team.id })).members.map((m) => m.uid)).toEqual([b.user.uid]);
  });

  it('removes everything of the person: no table row and no blob names them, the upload in flight is gone', async () => {
    const a = await someone('Leaving Person');
    const b = await someone('Staying Person');
    await b.account.setDefaults({ defaultVisibility: Visibility.PUBLIC });

    // A's things: a stored video (tagged, in a folder, shared), an upload in flight with bytes, a
    // team of their own and a membership of B's (with an invite A made), comments, a reaction and
    // a view on B's video, B's comment on A's video (and so notifications both ways).
    const stored = (await uploadVideo(server.baseUrl, webm, { token: a.user.idToken })).json.video!.id;
    const folder = await a.library.createFolder({ name: 'Mine' });
    await a.library.updateVideos({ videoIds: [stored], folderId: folder.id, addTags: ['secret-tag'] });
    const shared = await a.videos.shareVideo({ videoId: stored });
    const shareToken = new URL(shared.url).pathname.split('/').pop()!;
    const inFlight = await a.tus.create({ title: 'Half' });
    const inFlightId = inFlight.headers.get('stream-video-id')!;
    expect((await a.tus.patch(inFlight.headers.get('location')!, 0, webm.subarray(0, 1000))).status).toBe(204);
    await a.teams.createTeam({ name: 'Only me' });
    const bTeam = await b.teams.createTeam({ name: 'B team' });
    const bInvite = await b.teams.createInvite({ teamId: bTeam.id, role: TeamRole.ADMIN, maxUses: 1 });
    await a.teams.acceptInvite({ token: bInvite.token });
    await a.teams.createInvite({ teamId: bTeam.id, role: TeamRole.MEMBER, maxUses: 5 });
    const bVideo = (await uploadVideo(server.baseUrl, webm, { token: b.user.idToken })).json.video!.id;
    const question = await a.talk.addComment({ videoId: bVideo, text: 'A asks', momentSeconds: 0 });
    await b.talk.addComment({ videoId: bVideo, text: 'B answers', momentSeconds: 0, parentId: question.id });
    await a.talk.addComment({ videoId: bVideo, text: 'A alone', momentSeconds: 0 });
    await a.talk.addReaction({ videoId: bVideo, emoji: '👍', momentSeconds: 0 });
    await a.videos.recordView({ videoId: bVideo, viewerId: 'browser-1' });
    await conversationClient(server.baseUrl, { token: b.user.idToken, shareToken }).addComment({
      videoId: stored,
      text: 'B on A',
      momentSeconds: 0,
    });
    const aVideos = [stored, inFlightId];
    const blobsBefore = await server.listBlobs();
    expect(blobsBefore.some((key) => key.includes(stored))).toBe(true);
    expect(filesUnder(join(server.dataDir, 'uploads')).some((file) => file.includes(inFlightId))).toBe(true);

    await a.account.deleteAccount({ confirmEmail: a.user.email });

    // Every table of every schema (pg-boss's too), read as text: nothing names A.
    const tables = await sql<{ schema: string; name: string }>`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(
      server.database.db,
    );
    expect(tables.rows.length).toBeGreaterThan(15);
    const needles = [a.user.uid, a.user.email, 'Leaving Person', 'secret-tag', 'A asks', 'A alone'];
    const found: string[] = [];
    for (const table of tables.rows) {
      // A job queued for a deleted video holds its id alone and ends when the worker finds no video.
      const ids = table.schema === 'public' ? aVideos : [];
      for (const needle of [...needles, ...ids]) {
        const hits = await sql<{ n: string | number }>`
          select count(*) as n from ${sql.table(`${table.schema}.${table.name}`)} t
          where position(${needle.toLowerCase()} in lower(t::text)) > 0`.execute(server.database.db);
        if (Number(hits.rows[0]!.n) > 0) found.push(`${table.schema}.${table.name}: ${needle}`);
      }
    }
    expect(found).toEqual([]);

    // The blob store and the uploads in progress hold nothing of A's videos; B's are untouched.
    const blobsAfter = await server.listBlobs();
    expect(blobsAfter.filter((key) => aVideos.some((id) => key.includes(id)))).toEqual([]);
    expect(blobsAfter.some((key) => key.includes(bVideo))).toBe(true);
    expect(filesUnder(join(server.dataDir, 'uploads')).filter((file) => file.includes(inFlightId))).toEqual([]);

    // B's reply to A's question stays (A's own words are gone), and B's team keeps going.
    const comments = toJsonString(ListCommentsResponseSchema, await b.talk.listComments({ videoId: bVideo }));
    expect(comments).toContain('B answers');
    expect(comments).not.toContain('A asks');
    expect((await b.teams.getTeam({ teamId: bTeam.id })).members.map((m) => m.uid)).toEqual([b.user.uid]);

    // The sign-in account is gone too.
    await expect(signInTestUser(emulator.host, a.user.email, a.user.password)).rejects.toThrow(/EMAIL_NOT_FOUND/);
  });
});

/**
 * A token Firebase still accepts for `user`'s uid after their account was deleted here. A real
 * project's ID token is accepted for its hour without asking Firebase; the emulator always asks,
 * so the sign-in account is made again under the same uid (as the admin SDK's createUser can).
 */
async function tokenOutliving(user: TestUser): Promise<string> {
  const made = await fetch(`http://${emulator.host}/identitytoolkit.googleapis.com/v1/projects/demo-stream/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: user.uid, email: user.email, password: user.password }),
  });
  expect(made.status).toBe(200);
  return signInTestUser(emulator.host, user.email, user.password);
}

describe('after deletion', () => {
  it('refuses a still-valid ID token on the RPCs and the HTTP routes, and no users row comes back', async () => {
    const gone = await someone('Gone Person');
    await gone.account.getAccount({});
    await gone.account.deleteAccount({ confirmEmail: gone.user.email });
    const token = await tokenOutliving(gone.user);

    const rpc = await refusal(accountClient(server.baseUrl, token).getAccount({}));
    expect(rpc.code).toBe(Code.PermissionDenied);
    expect(rpc.message).toMatch(/deleted/);
    await expect(
      videoClient(server.baseUrl, { token }).listVideos({ pageSize: 10, pageNumber: 0 }),
    ).rejects.toMatchObject({ code: Code.PermissionDenied });
    expect((await uploadVideo(server.baseUrl, webm, { token })).status).toBe(401);
    expect(await userRow(gone.user.uid)).toBeUndefined();

    // A request verified just before the deletion writes no row either; only the uid's hash stays.
    expect(
      await upsertUser(server.database.db, {
        uid: gone.user.uid,
        email: gone.user.email,
        displayName: 'x',
        photoUrl: '',
      }),
    ).toBeUndefined();
    expect(await userRow(gone.user.uid)).toBeUndefined();
    const kept = await server.database.db.selectFrom('deleted_accounts').selectAll().execute();
    expect(kept.length).toBeGreaterThan(0);
    expect(JSON.stringify(kept)).not.toContain(gone.user.uid);

    // Someone else is not affected.
    const other = await someone('Still Here');
    expect((await other.account.getAccount({})).displayName).toBe('Still Here');
  });
});

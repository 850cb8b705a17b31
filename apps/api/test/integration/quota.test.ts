// Storage quotas through the real server on PGlite: started with
// DEFAULT_QUOTA_BYTES=3000000, a 5 MB upload is refused with a message by each upload path (the
// whole-file upload, a tus upload declaring its length, a recording uploading itself) and leaves
// nothing stored; the admin raises that person's quota (AdminService.SetPersonQuota, what /admin
// calls) and the same upload then succeeds.
import { Code, ConnectError } from '@connectrpc/connect';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulatorWithWebm } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { adminClient } from '../support/admin-clients';
import { videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { tusClient } from '../support/tus';
import { uploadVideo } from '../support/upload';

const QUOTA = 3_000_000;
const FIVE_MB = 5_000_000;

let emulator: AuthEmulator;
let webm: Buffer;
let server: TestServer;
let admin: TestUser;
let person: TestUser;
let bystander: TestUser;
/** Named in ADMIN_EMAILS too, with an address nobody proved: anyone may sign up with any address. */
let impostor: TestUser;
/** A real WebM padded to 5 MB: the upload paths check its first bytes, not its end. */
let fiveMb: Buffer;

beforeAll(async () => {
  ({ emulator, webm } = await startEmulatorWithWebm(2));
  fiveMb = Buffer.concat([webm, Buffer.alloc(FIVE_MB - webm.length, 7)]);
  admin = await newTestUser(emulator.host, { email: `admin-${Date.now()}@example.com`, emailVerified: true });
  [person, bystander, impostor] = await Promise.all([
    newTestUser(emulator.host),
    newTestUser(emulator.host),
    newTestUser(emulator.host, { email: `boss-${Date.now()}@example.com` }),
  ]);
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    env: { DEFAULT_QUOTA_BYTES: String(QUOTA), ADMIN_EMAILS: `${admin.email},${impostor.email}` },
  });
  // Everyone signs in once, so the admin sees them.
  for (const user of [admin, person, bystander])
    await videoClient(server.baseUrl, { token: user.idToken }).listVideos({ pageSize: 1 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

async function storedOf(uid: string) {
  const videos = await server.database.db.selectFrom('videos').select('id').where('user_id', '=', uid).execute();
  const blobs = await server.listBlobs();
  return { videos: videos.length, blobs: blobs.filter((key) => videos.some((video) => key.includes(video.id))) };
}

describe('a storage quota of 3,000,000 bytes', () => {
  it('refuses a 5 MB whole-file upload with a message and stores nothing', async () => {
    const blobsBefore = await server.listBlobs();
    const answer = await uploadVideo(server.baseUrl, fiveMb, { token: person.idToken });
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ code: 'quota_exceeded' });
    expect(answer.json.message).toMatch(
      /storage quota is full: this upload needs 4\.9 MB and 3\.0 MB of your 3\.0 MB are left/,
    );
    expect(await storedOf(person.uid)).toEqual({ videos: 0, blobs: [] });
    expect(await server.listBlobs()).toEqual(blobsBefore);
  });

  it('refuses a tus upload declaring 5 MB before any byte, and makes no video', async () => {
    const answer = await tusClient(server.baseUrl, person.idToken).create({ length: FIVE_MB });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('stream-refusal')).toBe('quota_exceeded');
    expect(answer.body).toMatch(/storage quota is full/);
    expect(await storedOf(person.uid)).toEqual({ videos: 0, blobs: [] });
  });

  it('stops a recording uploading itself at the PATCH that would cross the quota; the owner then deletes it', async () => {
    const tus = tusClient(server.baseUrl, person.idToken);
    const created = await tus.create({ title: 'Long recording' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = created.headers.get('stream-video-id')!;
    const first = await tus.patch(location, 0, fiveMb.subarray(0, 2_000_000));
    expect(first.status).toBe(204);
    const crossing = await tus.patch(location, 2_000_000, fiveMb.subarray(2_000_000, 3_500_000));
    expect(crossing.status).toBe(413);
    expect(crossing.headers.get('stream-refusal')).toBe('quota_exceeded');
    expect(crossing.body).toMatch(/storage quota is full/);
    // What arrived stays where it was: the upload did not move past the refused PATCH.
    expect((await tus.head(location)).headers.get('upload-offset')).toBe('2000000');
    // Half a recording counts for nothing: the quota is still all there for a whole one.
    expect((await adminClient(server.baseUrl, person.idToken).getMyStorage({})).usedBytes).toBe(0n);
    expect((await tus.delete(location)).status).toBe(204);
    expect(await storedOf(person.uid)).toEqual({ videos: 0, blobs: [] });
    expect(id).toBeTruthy();
  });

  it('lets nobody but an admin set a quota', async () => {
    const refused = await adminClient(server.baseUrl, person.idToken)
      .setPersonQuota({ uid: person.uid, quotaBytes: 10_000_000n })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConnectError);
    expect((refused as ConnectError).code).toBe(Code.PermissionDenied);
    const unproven = await adminClient(server.baseUrl, impostor.idToken)
      .setPersonQuota({ uid: person.uid, quotaBytes: 10_000_000n })
      .catch((error: unknown) => error);
    expect((unproven as ConnectError).code).toBe(Code.PermissionDenied);
    const people = await adminClient(server.baseUrl, admin.idToken).listPeople({});
    expect(people.people.find((one) => one.uid === person.uid)).toMatchObject({
      effectiveQuotaBytes: BigInt(QUOTA),
      usedBytes: 0n,
    });
    expect(people.people.find((one) => one.uid === person.uid)?.quotaBytes).toBeUndefined();
  });

  it("takes the same 5 MB upload once the admin raised that person's quota, and only theirs", async () => {
    const raised = await adminClient(server.baseUrl, admin.idToken).setPersonQuota({
      uid: person.uid,
      quotaBytes: 10_000_000n,
    });
    expect(raised).toMatchObject({ overQuota: false, person: { quotaBytes: 10_000_000n } });

    const answer = await uploadVideo(server.baseUrl, fiveMb, { token: person.idToken });
    expect(answer.status).toBe(201);
    const storage = await adminClient(server.baseUrl, person.idToken).getMyStorage({});
    expect(storage).toMatchObject({ usedBytes: BigInt(FIVE_MB), quotaBytes: 10_000_000n });
    expect(storage.videos.map((video) => [video.videoId, video.sizeBytes])).toEqual([
      [answer.json.video!.id, BigInt(FIVE_MB)],
    ]);

    // The bystander still has the default.
    expect((await uploadVideo(server.baseUrl, fiveMb, { token: bystander.idToken })).status).toBe(413);

    const log = await adminClient(server.baseUrl, admin.idToken).listAuditLog({});
    expect(log.entries[0]).toMatchObject({
      action: 'person.quota',
      actorUid: admin.uid,
      targetUid: person.uid,
      detail: 'quota default -> 10000000 bytes',
    });
  });

  it('allows a quota below what the person stores, and says so; their next upload is refused', async () => {
    const lowered = await adminClient(server.baseUrl, admin.idToken).setPersonQuota({
      uid: person.uid,
      quotaBytes: 1_000_000n,
    });
    expect(lowered.overQuota).toBe(true);
    const tus = await tusClient(server.baseUrl, person.idToken).create({});
    expect(tus.status).toBe(413);
    expect(tus.headers.get('stream-refusal')).toBe('quota_exceeded');
    const bad = await adminClient(server.baseUrl, admin.idToken)
      .setPersonQuota({ uid: person.uid, quotaBytes: -1n })
      .catch((error: unknown) => error);
    expect((bad as ConnectError).code).toBe(Code.InvalidArgument);
    const nobody = await adminClient(server.baseUrl, admin.idToken)
      .setPersonQuota({ uid: 'nobody-here', quotaBytes: 1n })
      .catch((error: unknown) => error);
    expect((nobody as ConnectError).code).toBe(Code.NotFound);
  });
});

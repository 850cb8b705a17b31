// A stored upload and its processing job commit in one transaction: when the job cannot be queued
// (here a trigger makes pgboss.job refuse inserts), no video appears that nothing would ever
// finish, and nothing is lost. Before, the video row committed first and the job was sent after
// it, so a process killed in between (the cluster test's SIGKILL) left a video PROCESSING forever.
import { Status } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulatorWithWebm } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { setups, startTestServer, type TestServer } from '../support/test-server';
import { tusClient } from '../support/tus';
import { uploadVideo } from '../support/upload';
import { waitingBytes } from '../support/waiting-upload';

let emulator: AuthEmulator;
let webm: Buffer;
beforeAll(async () => {
  ({ emulator, webm } = await startEmulatorWithWebm(2));
}, 120_000);
afterAll(() => emulator?.stop());

describe.each(setups)('a video and its job on $database with $storage storage', ({ database, storage }) => {
  let server: TestServer;
  let owner: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ database, storage, emulatorHost: emulator.host });
    owner = await newTestUser(emulator.host);
  }, 120_000);
  afterAll(() => server?.close());

  const jobsOf = async (id: string) => {
    const { rows } = await sql<{ state: string }>`
      select state from pgboss.job where name = 'video-processing' and data->>'videoId' = ${id}`.execute(
      server.database.db,
    );
    return rows.map((row) => row.state);
  };

  /** Runs `during` while the queue refuses every new job. */
  async function whileTheQueueRefuses(during: () => Promise<void>) {
    const { db } = server.database;
    await sql`create function refuse_jobs() returns trigger language plpgsql as $$
      begin raise exception 'the queue is down'; end $$`.execute(db);
    await sql`create trigger refuse_jobs before insert on pgboss.job for each row execute function refuse_jobs()`.execute(
      db,
    );
    try {
      await during();
    } finally {
      await sql`drop trigger refuse_jobs on pgboss.job`.execute(db);
      await sql`drop function refuse_jobs()`.execute(db);
    }
  }

  it('stores no whole-file upload whose job cannot be queued, and the same upload works once it can', async () => {
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    const before = (await client.listVideos({ pageSize: 100 })).videos.length;
    const blobsBefore = await server.listBlobs();
    await whileTheQueueRefuses(async () => {
      const refused = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect(refused.json.message).toBeTruthy();
      expect(refused.json.video).toBeUndefined();
    });
    expect((await client.listVideos({ pageSize: 100 })).videos).toHaveLength(before);
    expect(await server.listBlobs()).toEqual(blobsBefore);

    const accepted = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
    expect(accepted.status).toBe(201);
    const id = accepted.json.video!.id;
    expect(await jobsOf(id)).toEqual(['created']);
  });

  /** The video's published media (under videos/<id>/; in S3 mode the upload waits in the same bucket, under uploads/). */
  const publishedBlobsOf = async (id: string) =>
    (await server.listBlobs()).filter((key) => key.startsWith(`videos/${id}/`));

  it('keeps a finished resumable upload whose job cannot be queued, and finishes it with its job on the retry', async () => {
    const tus = tusClient(server.baseUrl, owner.idToken);
    const created = await tus.create({ title: 'Queued with its video' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = created.headers.get('stream-video-id')!;
    expect((await tus.patch(location, 0, webm)).status).toBe(204);
    await whileTheQueueRefuses(async () => {
      const refused = await tus.patch(location, webm.length, new Uint8Array(), { length: webm.length });
      expect(refused.status).toBe(503);
    });
    // Still an upload in progress, every byte kept, no blob published and no job.
    expect((await waitingBytes(server, storage, id)).equals(webm)).toBe(true);
    expect((await videoClient(server.baseUrl, { token: owner.idToken }).getVideo({ videoId: id })).status).toBe(
      Status.PROCESSING,
    );
    expect(await publishedBlobsOf(id)).toEqual([]);
    expect(await jobsOf(id)).toEqual([]);

    const retried = await tus.patch(location, webm.length, new Uint8Array(), { length: webm.length });
    expect(retried.status).toBe(204);
    expect(await jobsOf(id)).toEqual(['created']);
    expect(await publishedBlobsOf(id)).toHaveLength(1);
  });
});

// Resumable uploads (tus 1.0 at /api/uploads/) through the real server: a recording
// appended in pieces while its length is unknown, the video that exists from the creation on,
// the access rules (another user's upload is 404) and the status codes tus prescribes, on PGlite,
// PostgreSQL and S3. The worker is off: the stream serves the original exactly as it arrived.
// Uploads in progress wait in DATA_DIR/uploads (@tus/file-store) on local storage, and in the
// bucket under uploads/ (@tus/s3-store: a multipart upload, `.info` and `.part`) on S3.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Status } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import { TUS_CREATION_LIMIT } from '../../src/platform/rate-limits/rate-limits';
import { resumableUploadKey } from '../../src/platform/media';
import { createBlobStore } from '../../src/platform/storage';
import { readKey } from '../support/blob-reads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulatorWithWebm } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { expiredToken, videoClient } from '../support/clients';
import { setups, startTestServer, type StorageKind, type TestServer } from '../support/test-server';
import { tusClient } from '../support/tus';
import { until } from '../support/until';
import { waitingBytes } from '../support/waiting-upload';

const MAX_UPLOAD_BYTES = 3 * 1024 * 1024;

let emulator: AuthEmulator;
let webm: Buffer;
beforeAll(async () => {
  ({ emulator, webm } = await startEmulatorWithWebm(3));
}, 120_000);
afterAll(() => emulator?.stop());

/** Appends `bytes` in `pieces` PATCHes, the last one declaring the length; resolves with the last answer. */
async function appendAll(tus: ReturnType<typeof tusClient>, location: string, bytes: Buffer, pieces = 4) {
  const size = Math.ceil(bytes.length / pieces);
  let offset = 0;
  for (;;) {
    const piece = bytes.subarray(offset, offset + size);
    const last = offset + piece.length >= bytes.length;
    const answer = await tus.patch(location, offset, piece, last ? { length: bytes.length } : {});
    if (!last || answer.status !== 204) {
      expect(answer.status).toBe(204);
      expect(answer.headers.get('upload-offset')).toBe(String(offset + piece.length));
    }
    offset += piece.length;
    if (last) return answer;
  }
}

/** What waits for upload `id`: its files in DATA_DIR/uploads, or (S3) its objects and multipart uploads in the bucket. */
async function waiting(server: TestServer, storage: StorageKind, id: string): Promise<string[]> {
  if (storage === 'local') {
    const names = (() => {
      try {
        return readdirSync(join(server.dataDir, 'uploads'));
      } catch {
        return [];
      }
    })();
    return names.filter((name) => name.startsWith(id));
  }
  const key = resumableUploadKey(id);
  const objects = (await server.listBlobs()).filter((name) => name.startsWith(key));
  const multipart = (await server.s3!.listMultipartUploads()).filter((name) => name === key);
  return [...objects, ...multipart.map((name) => `${name} (multipart upload)`)];
}

describe.each(setups)('tus uploads on $database with $storage storage', ({ database, storage }) => {
  let server: TestServer;
  let owner: TestUser;
  let other: TestUser;
  const waitingFor = (id: string) => waiting(server, storage, id);

  beforeAll(async () => {
    server = await startTestServer({
      database,
      storage,
      emulatorHost: emulator.host,
      env: { MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) },
    });
    [owner, other] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
  }, 120_000);
  afterAll(() => server?.close());

  async function created(title = 'Live recording') {
    const answer = await tusClient(server.baseUrl, owner.idToken).create({ title });
    expect(answer.status).toBe(201);
    const location = answer.headers.get('location')!;
    const id = answer.headers.get('stream-video-id')!;
    expect(location).toBe(`/api/uploads/${id}`);
    return { location, id };
  }

  it('creates the video at once, takes the recording in pieces and stores it byte for byte', async () => {
    const tus = tusClient(server.baseUrl, owner.idToken);
    const { location, id } = await created();
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    const early = await client.getVideo({ videoId: id });
    expect(early).toMatchObject({ id, title: 'Live recording', status: Status.PROCESSING, userId: owner.uid });

    const head = await tus.head(location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('0');
    expect(head.headers.get('upload-defer-length')).toBe('1');
    expect(head.headers.get('stream-video-id')).toBe(id);

    expect((await appendAll(tus, location, webm)).status).toBe(204);
    const stream = await fetch(`${server.baseUrl}/api/videoservice/video/${id}`, {
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(stream.status).toBe(200);
    expect(Buffer.from(await stream.arrayBuffer()).equals(webm)).toBe(true);
    const video = await client.getVideo({ videoId: id });
    expect(video.sizeBytes).toBe(BigInt(webm.length));
    // Moved into the store, not left behind (local: a hard link, then removed; S3: a copy inside
    // the bucket, then the upload's objects removed).
    expect(await waitingFor(id)).toEqual([]);
    const keys = (await server.listBlobs()).filter((key) => key.includes(id));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^videos/${id}/original-`));
  });

  it('answers a finished upload as complete, repeats the last PATCH harmlessly and refuses more bytes (403)', async () => {
    const tus = tusClient(server.baseUrl, owner.idToken);
    const { location } = await created();
    await appendAll(tus, location, webm, 1);
    const head = await tus.head(location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(webm.length));
    expect(head.headers.get('upload-length')).toBe(String(webm.length));
    const again = await tus.patch(location, webm.length, new Uint8Array(), { length: webm.length });
    expect(again.status).toBe(204);
    expect((await tus.patch(location, webm.length, new Uint8Array([1, 2]))).status).toBe(403);
  });

  it('keeps a complete upload whose finishing the database refused, and finishes it when the client asks again', async () => {
    const tus = tusClient(server.baseUrl, owner.idToken);
    const { location, id } = await created();
    const half = Math.floor(webm.length / 2);
    expect((await tus.patch(location, 0, webm.subarray(0, half))).status).toBe(204);
    expect((await tus.patch(location, half, webm.subarray(half))).status).toBe(204);
    const { db } = server.database;
    await sql`create function refuse_assets() returns trigger language plpgsql as $$
      begin raise exception 'the database is down'; end $$`.execute(db);
    await sql`create trigger refuse_assets before insert on media_assets execute function refuse_assets()`.execute(db);
    try {
      const refused = await tus.patch(location, webm.length, new Uint8Array(), { length: webm.length });
      expect(refused.status).toBe(503);
      // Nothing lost and nothing half-done: every byte still waits, the video is still in progress.
      expect((await waitingBytes(server, storage, id)).equals(webm)).toBe(true);
      expect((await videoClient(server.baseUrl, { token: owner.idToken }).getVideo({ videoId: id })).status).toBe(
        Status.PROCESSING,
      );
      expect((await tus.head(location)).status).toBe(503); // still down: asking again finishes nothing yet
    } finally {
      await sql`drop trigger refuse_assets on media_assets`.execute(db);
      await sql`drop function refuse_assets()`.execute(db);
    }

    // The client's retry of its last PATCH (or a HEAD after a reload) finishes the same video.
    const retried = await tus.patch(location, webm.length, new Uint8Array(), { length: webm.length });
    expect(retried.status).toBe(204);
    expect(retried.headers.get('upload-offset')).toBe(String(webm.length));
    const head = await tus.head(location);
    expect(head.headers.get('upload-offset')).toBe(String(webm.length));
    expect(head.headers.get('upload-length')).toBe(String(webm.length));
    const stream = await fetch(`${server.baseUrl}/api/videoservice/video/${id}`, {
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(Buffer.from(await stream.arrayBuffer()).equals(webm)).toBe(true);
    expect(await waitingFor(id)).toEqual([]);
    // Only the published original is stored: the refused attempt's staged copy went.
    expect((await server.listBlobs()).filter((key) => key.includes(id))).toHaveLength(1);
  });

  it('refuses creation without a valid token (401) and creates nothing', async () => {
    expect((await tusClient(server.baseUrl).create()).status).toBe(401);
    expect((await tusClient(server.baseUrl, expiredToken(owner.uid)).create()).status).toBe(401);
    const garbled = await tusClient(server.baseUrl).create({ headers: { authorization: 'Basic abc' } });
    expect(garbled.status).toBe(401);
  });

  it("hides a user's upload from everyone else: 404 on HEAD, PATCH and DELETE, and nothing changes", async () => {
    const { location, id } = await created();
    const mine = tusClient(server.baseUrl, owner.idToken);
    expect((await mine.patch(location, 0, webm.subarray(0, 1000))).status).toBe(204);
    const theirs = tusClient(server.baseUrl, other.idToken);
    expect((await theirs.head(location)).status).toBe(404);
    expect((await theirs.patch(location, 1000, webm.subarray(1000, 2000))).status).toBe(404);
    expect((await theirs.patch(location, 1000, webm.subarray(1000), { length: webm.length })).status).toBe(404);
    expect((await theirs.delete(location)).status).toBe(404);
    expect((await tusClient(server.baseUrl).head(location)).status).toBe(401);
    expect((await mine.head(location)).headers.get('upload-offset')).toBe('1000');
    await expect(videoClient(server.baseUrl, { token: other.idToken }).getVideo({ videoId: id })).rejects.toThrow(
      /not found|No video/i,
    );
    expect((await mine.head('/api/uploads/no-such-upload')).status).toBe(404);
  });

  it('answers as tus prescribes: 415 wrong type, 403 no offset, 409 wrong offset, 413 too large', async () => {
    const tus = tusClient(server.baseUrl, owner.idToken);
    const { location } = await created();
    const piece = webm.subarray(0, 100);
    expect((await tus.patch(location, 0, piece, { headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await tus.patch(location, 0, piece, { headers: { 'content-type': 'application/json' } })).status).toBe(415);
    const noOffset = await fetch(new URL(location, server.baseUrl), {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        authorization: `Bearer ${owner.idToken}`,
      },
      body: new Uint8Array(piece),
    });
    expect(noOffset.status).toBe(403);
    expect((await tus.patch(location, 0, piece)).status).toBe(204);
    expect((await tus.patch(location, 50, piece)).status).toBe(409);
    expect((await tus.patch(location, 100, piece, { length: MAX_UPLOAD_BYTES + 1 })).status).toBe(413);
    const tooMuch = Buffer.alloc(MAX_UPLOAD_BYTES, 1);
    expect((await tus.patch(location, 100, tooMuch)).status).toBe(413);
    expect((await tus.create({ length: MAX_UPLOAD_BYTES + 1 })).status).toBe(413);
    expect((await tus.head(location)).headers.get('upload-offset')).toBe('100');
  });

  it('makes no video for a creation it refuses: past the maximum length (413) or a length that is not digits (400)', async () => {
    const tus = tusClient(server.baseUrl, owner.idToken);
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    const before = (await client.listVideos({ pageSize: 100 })).videos.map((video) => video.id);
    const tooLarge = await tus.create({ length: MAX_UPLOAD_BYTES + 1 });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('stream-video-id')).toBeNull();
    for (const length of ['+10', '1 0', '0x10', '1e1', '10.0', '-1', '010', '10, 10']) {
      const answer = await tus.create({ headers: { 'upload-length': length } });
      expect(answer.status, `Upload-Length: ${length}`).toBe(400);
      expect(answer.headers.get('stream-video-id')).toBeNull();
    }
    expect((await client.listVideos({ pageSize: 100 })).videos.map((video) => video.id)).toEqual(before);
  });

  it('removes the bytes of an upload in progress with its video when the owner deletes the video', async () => {
    const tus = tusClient(server.baseUrl, owner.idToken);
    const { location, id } = await created();
    expect((await tus.patch(location, 0, webm.subarray(0, 5000))).status).toBe(204);
    expect(await waitingFor(id)).not.toEqual([]);
    await videoClient(server.baseUrl, { token: owner.idToken }).deleteVideo({ videoId: id });
    expect(await waitingFor(id)).toEqual([]);
    expect((await tus.head(location)).status).toBe(404);
    expect((await tus.patch(location, 5000, webm.subarray(5000, 6000))).status).toBe(404);
  });

  it('refuses a finished upload that is not WebM (415) and removes its video', async () => {
    const tus = tusClient(server.baseUrl, owner.idToken);
    const { location, id } = await created();
    const text = Buffer.from('this is not a video at all');
    expect((await tus.patch(location, 0, text, { length: text.length })).status).toBe(415);
    await expect(videoClient(server.baseUrl, { token: owner.idToken }).getVideo({ videoId: id })).rejects.toThrow();
    expect(await waitingFor(id)).toEqual([]);
    expect((await server.listBlobs()).filter((key) => key.includes(id))).toEqual([]);

    // No bytes at all: finished at its creation, and no WebM either.
    const empty = await tus.create({ length: 0 });
    expect(empty.status).toBe(415);
    const emptyId = empty.headers.get('stream-video-id')!;
    await expect(
      videoClient(server.baseUrl, { token: owner.idToken }).getVideo({ videoId: emptyId }),
    ).rejects.toThrow();
    expect(await waitingFor(emptyId)).toEqual([]);
  });

  it('lets the owner give an upload up: DELETE removes its bytes and its video', async () => {
    const tus = tusClient(server.baseUrl, owner.idToken);
    const { location, id } = await created();
    await tus.patch(location, 0, webm.subarray(0, 5000));
    const key = resumableUploadKey(id);
    // S3: fewer bytes than a part (5 MiB) wait in `.part`, the multipart upload has none yet.
    expect(await waitingFor(id)).toEqual(
      storage === 'local' ? [id, `${id}.json`] : [`${key}.info`, `${key}.part`, `${key} (multipart upload)`],
    );
    expect((await tus.delete(location)).status).toBe(204);
    expect(await waitingFor(id)).toEqual([]);
    expect((await tus.head(location)).status).toBe(404);
    await expect(videoClient(server.baseUrl, { token: owner.idToken }).getVideo({ videoId: id })).rejects.toThrow();
  });
});

describe.each(['local', 's3'] as const)('abandoned uploads on %s storage', (storage) => {
  let server: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    // 0.001 h = 3.6 s idle, swept every second.
    server = await startTestServer({
      database: 'pglite',
      storage,
      emulatorHost: emulator.host,
      env: { UPLOAD_EXPIRY_HOURS: '0.001' },
    });
    owner = await newTestUser(emulator.host);
  }, 120_000);
  afterAll(() => server?.close());

  it('expire after UPLOAD_EXPIRY_HOURS idle: their bytes and their video go, a finished one stays', async () => {
    const tus = tusClient(server.baseUrl, owner.idToken);
    const abandoned = await tus.create({ title: 'left' });
    const finished = await tus.create({ title: 'done' });
    const abandonedId = abandoned.headers.get('stream-video-id')!;
    const finishedId = finished.headers.get('stream-video-id')!;
    expect((await tus.patch(abandoned.headers.get('location')!, 0, webm.subarray(0, 4000))).status).toBe(204);
    await appendAll(tus, finished.headers.get('location')!, webm, 2);
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    await until(
      'the abandoned upload to expire',
      async () => {
        const listed = await client.listVideos({ pageSize: 100 });
        return listed.videos.some((video) => video.id === abandonedId) ? undefined : listed;
      },
      15_000,
    );
    // The same sweep removes its bytes just after its row.
    await until('its bytes to go', async () =>
      (await waiting(server, storage, abandonedId)).length === 0 ? true : undefined,
    );
    expect((await tus.head(abandoned.headers.get('location')!)).status).toBe(404);
    expect((await client.getVideo({ videoId: finishedId })).sizeBytes).toBe(BigInt(webm.length));
  }, 30_000);

  it('removes the bytes of an upload whose row went without them (a process killed in between), once idle', async () => {
    const tus = tusClient(server.baseUrl, owner.idToken);
    const created = await tus.create({ title: 'orphan' });
    const id = created.headers.get('stream-video-id')!;
    expect((await tus.patch(created.headers.get('location')!, 0, webm.subarray(0, 4000))).status).toBe(204);
    await server.database.db.deleteFrom('videos').where('id', '=', id).execute();
    expect(await waiting(server, storage, id)).not.toEqual([]);
    await until(
      'its bytes to go',
      async () => ((await waiting(server, storage, id)).length === 0 ? true : undefined),
      15_000,
    );
  }, 30_000);
});

describe('the limit on starting uploads', () => {
  // A server of its own: beside the 3 s first-byte expiry below, uploads started early in the
  // loop expired before the count under load (24 of 30 listed at load 20).
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
  }, 120_000);
  afterAll(() => server?.close());

  it(`lets one person start ${TUS_CREATION_LIMIT.max} uploads per window, then answers 429 and makes no video`, async () => {
    const [person, someoneElse] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
    const tus = tusClient(server.baseUrl, person.idToken);
    for (let i = 0; i < TUS_CREATION_LIMIT.max; i++) expect((await tus.create({ length: 100 })).status).toBe(201);
    const refused = await tus.create({ length: 100 });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('stream-video-id')).toBeNull();
    const videos = await videoClient(server.baseUrl, { token: person.idToken }).listVideos({ pageSize: 100 });
    expect(videos.videos).toHaveLength(TUS_CREATION_LIMIT.max);
    // Per person, not per address: someone else on the same address still starts theirs.
    expect((await tusClient(server.baseUrl, someoneElse.idToken).create()).status).toBe(201);
  });
});

describe('an upload that never receives a byte', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Uploads without a byte expire after 3 s (swept every second); idle ones after the default 24 h.
    server = await startTestServer({
      database: 'pglite',
      emulatorHost: emulator.host,
      env: { UPLOAD_FIRST_BYTES_MINUTES: '0.05' },
    });
  }, 120_000);
  afterAll(() => server?.close());

  it('removes an upload that never received a byte after UPLOAD_FIRST_BYTES_MINUTES, and keeps one that did', async () => {
    const owner = await newTestUser(emulator.host);
    const tus = tusClient(server.baseUrl, owner.idToken);
    const empty = await tus.create({ title: 'never sent' });
    const sending = await tus.create({ title: 'sending' });
    const emptyId = empty.headers.get('stream-video-id')!;
    const sendingId = sending.headers.get('stream-video-id')!;
    expect((await tus.patch(sending.headers.get('location')!, 0, webm.subarray(0, 4000))).status).toBe(204);
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    await until(
      'the empty upload to expire',
      async () => {
        // One sweep removes the row, then the bytes: wait for the sweep to finish both.
        const listed = await client.listVideos({ pageSize: 100 });
        if (listed.videos.some((video) => video.id === emptyId)) return undefined;
        return (await waiting(server, 'local', emptyId)).length === 0 ? listed : undefined;
      },
      15_000,
    );
    expect((await tus.head(empty.headers.get('location')!)).status).toBe(404);
    expect(await waiting(server, 'local', emptyId)).toEqual([]);
    const kept = await tus.head(sending.headers.get('location')!);
    expect(kept.status).toBe(200);
    expect(kept.headers.get('upload-offset')).toBe('4000');
    expect((await client.getVideo({ videoId: sendingId })).status).toBe(Status.PROCESSING);
  }, 30_000);
});

/** For one describe: a server on PGlite taking uploads up to 64 MiB, and a user of it. */
function serverForLongUploads(storage: StorageKind): { server: TestServer; owner: TestUser } {
  const setup = {} as { server: TestServer; owner: TestUser };
  beforeAll(async () => {
    setup.server = await startTestServer({
      database: 'pglite',
      storage,
      emulatorHost: emulator.host,
      env: { MAX_UPLOAD_BYTES: String(64 * 1024 * 1024) },
    });
    setup.owner = await newTestUser(emulator.host);
  }, 120_000);
  afterAll(() => setup.server?.close());
  return setup;
}

describe.each(['local', 's3'] as const)('a long recording on %s storage', (storage) => {
  const setup = serverForLongUploads(storage);

  it('arrives in pieces of every size around S3 parts (5 MiB) and is stored byte for byte', async () => {
    const { server, owner } = setup;
    const tus = tusClient(server.baseUrl, owner.idToken);
    const recording = Buffer.concat([webm, randomBytes(13 * 1024 * 1024)]);
    const created = await tus.create({ title: 'Long' });
    const location = created.headers.get('location')!;
    const id = created.headers.get('stream-video-id')!;
    // Small pieces that add up past a part, one piece larger than a part, a HEAD in between.
    const MiB = 1024 * 1024;
    const sizes = [100_000, 2 * MiB, 3 * MiB, 7 * MiB, 1_000];
    let offset = 0;
    for (const size of sizes) {
      const answer = await tus.patch(location, offset, recording.subarray(offset, offset + size));
      expect(answer.status).toBe(204);
      offset += size;
      expect((await tus.head(location)).headers.get('upload-offset')).toBe(String(offset));
    }
    const last = await tus.patch(location, offset, recording.subarray(offset), { length: recording.length });
    expect(last.status).toBe(204);
    const stream = await fetch(`${server.baseUrl}/api/videoservice/video/${id}`, {
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(Buffer.from(await stream.arrayBuffer()).equals(recording)).toBe(true);
    expect(await waiting(server, storage, id)).toEqual([]);
  }, 60_000);
});

describe('an S3 upload a process left between storing a part and removing the .part it took in', () => {
  const setup = serverForLongUploads('s3');

  it('counts that .part for nothing: the offset stays that of the parts, and the upload continues byte for byte', async () => {
    const { server, owner } = setup;
    const tus = tusClient(server.baseUrl, owner.idToken);
    const recording = Buffer.concat([webm, randomBytes(7 * 1024 * 1024)]);
    const created = await tus.create({ title: 'Crash leftover' });
    const location = created.headers.get('location')!;
    const id = created.headers.get('stream-video-id')!;
    const first = 1_000_000;
    const second = 6 * 1024 * 1024;
    expect((await tus.patch(location, 0, recording.subarray(0, first))).status).toBe(204);
    const key = resumableUploadKey(id);
    const store = createBlobStore(server.config);
    const leftover = Buffer.concat((await (await readKey(store, `${key}.part`)).toArray()) as Buffer[]);
    expect(leftover.equals(recording.subarray(0, first))).toBe(true);
    // The .part went into a part with the next PATCH's bytes...
    expect((await tus.patch(location, first, recording.subarray(first, first + second))).status).toBe(204);
    expect(await waiting(server, 's3', id)).toEqual([`${key}.info`, `${key} (multipart upload)`]);
    // ...and a process killed before deleting it would have left it there, as this puts it back.
    const client = new S3Client({
      endpoint: server.config.S3_ENDPOINT,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    await client.send(
      new PutObjectCommand({
        Bucket: server.config.S3_BUCKET,
        Key: `${key}.part`,
        Body: leftover,
        Metadata: { 'part-start': '0' },
      }),
    );
    client.destroy();
    const head = await tus.head(location);
    expect(head.headers.get('upload-offset')).toBe(String(first + second));
    const last = await tus.patch(location, first + second, recording.subarray(first + second), {
      length: recording.length,
    });
    expect(last.status).toBe(204);
    const stream = await fetch(`${server.baseUrl}/api/videoservice/video/${id}`, {
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(Buffer.from(await stream.arrayBuffer()).equals(recording)).toBe(true);
    expect(await waiting(server, 's3', id)).toEqual([]);
  }, 60_000);
});

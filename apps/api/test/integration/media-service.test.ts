// MediaService on a real database (both engines) and a real local store: every version gets a key
// of its own, a replace switches then deletes, a reader holding an old version is told it is gone,
// and nothing staged outlives a publish that does not happen.
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../src/platform/db/database';
import { insertVideo } from '../../src/videos/video.repository';
import { MediaGoneError, MediaService } from '../../src/videos/media.service';
import { LocalBlobStore } from '../../src/platform/storage';
import { readBlob } from '../support/storage-conformance';
import { databaseKinds, openTestDatabase } from '../support/test-database';
import { filesUnder } from '../support/upload';

describe.each(databaseKinds)('MediaService on %s', (kind) => {
  let dir: string;
  let database: AppDatabase;
  let media: MediaService;
  let unique = 0;
  const blobs = () => filesUnder(join(dir, 'blobs')).sort();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-service-'));
    database = await openTestDatabase(kind);
    media = new MediaService({
      db: database.db,
      store: new LocalBlobStore(join(dir, 'blobs')),
      log: pino({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A video row with an uploaded original holding `bytes`. */
  async function videoWith(bytes: string): Promise<string> {
    const id = `video-${++unique}`;
    const original = await media.receiveUpload(id, Readable.from([Buffer.from(bytes)]));
    const published = await media.publish(id, [original], {
      when: async (trx) => {
        await insertVideo(trx, {
          id,
          user_id: 'u',
          title: 't',
          description: '',
          status: 'PROCESSING',
          visibility: 'PRIVATE',
        });
        return true;
      },
    });
    expect(published).toBe(true);
    return id;
  }

  it('replaces a version under a new key, then deletes the old blob; an old reader learns it is gone', async () => {
    const id = await videoWith('first version');
    const before = await media.open(id, ['original']);
    expect((await readBlob(before!)).toString()).toBe('first version');
    const [oldKey] = blobs().filter((key) => key.startsWith(`videos/${id}/`));
    expect(oldKey).toMatch(new RegExp(`^videos/${id}/original-[\\w-]{16}\\.webm$`));

    const file = join(dir, 'second.webm');
    await writeFile(file, 'second version');
    await media.replace(id, 'original', file, 'video/webm');

    const keys = blobs().filter((key) => key.startsWith(`videos/${id}/`));
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(oldKey);
    expect((await readBlob((await media.open(id, ['original']))!)).toString()).toBe('second version');
    await expect(before!.writeTo(new PassThrough())).rejects.toBeInstanceOf(MediaGoneError);
    expect(await before!.version.open()).toBeUndefined();
  });

  it('opens the first kind present, in the order asked', async () => {
    const id = await videoWith('the upload');
    const file = join(dir, 'playable.webm');
    await writeFile(file, 'the remux');
    expect((await readBlob((await media.open(id, ['playable', 'original']))!)).toString()).toBe('the upload');
    await media.replace(id, 'playable', file, 'video/webm');
    expect((await readBlob((await media.open(id, ['playable', 'original']))!)).toString()).toBe('the remux');
    expect(await media.open(id, ['thumbnail'])).toBeUndefined();
    expect(await media.open('no-such-video', ['original'])).toBeUndefined();
  });

  it('removes what it staged when the publish does not happen or fails', async () => {
    const before = blobs();
    const staged = await media.receiveUpload('video-refused', Readable.from([Buffer.from('x')]));
    expect(blobs()).toHaveLength(before.length + 1);
    expect(await media.publish('video-refused', [staged], { when: async () => false })).toBe(false);
    expect(blobs()).toEqual(before);

    const again = await media.receiveUpload('video-broken', Readable.from([Buffer.from('y')]));
    await expect(media.publish('video-broken', [again])).rejects.toThrow(); // no such video: the foreign key refuses
    expect(blobs()).toEqual(before);
  });

  it('stores nothing from a body that fails', async () => {
    const before = blobs();
    async function* failing() {
      yield Buffer.from('some bytes');
      throw new Error('client went away');
    }
    await expect(media.receiveUpload('video-failing', Readable.from(failing()))).rejects.toThrow('client went away');
    expect(blobs()).toEqual(before);
  });

  it('deleteAll removes the rows and the blobs together with the video row, or nothing', async () => {
    const id = await videoWith('to delete');
    expect(await media.deleteAll(id, async () => false)).toBe(false);
    expect(await media.open(id, ['original'])).toBeDefined();

    expect(await media.deleteAll(id)).toBe(true);
    expect(blobs().filter((key) => key.startsWith(`videos/${id}/`))).toEqual([]);
    expect(await media.open(id, ['original'])).toBeUndefined();
    expect(await media.deleteAll('no-such-video')).toBe(false);
  });

  it('sweeps away whole blobs no asset names once they are old, and nothing else', async () => {
    const published = await videoWith('kept');
    const lost = await media.receiveUpload('video-lost', Readable.from([Buffer.from('never published')]));
    const recent = await media.receiveUpload('video-recent', Readable.from([Buffer.from('about to be published')]));
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const key of blobs().filter(
      (key) => key.startsWith(`videos/${published}/`) || key.startsWith('videos/video-lost/'),
    )) {
      await utimes(join(dir, 'blobs', key), twoHoursAgo, twoHoursAgo);
    }
    expect(await media.sweep()).toBe(1); // the lost blob (its folder goes with it)
    expect(blobs().filter((key) => key.startsWith('videos/video-lost/'))).toEqual([]);
    expect((await readBlob((await media.open(published, ['original']))!)).toString()).toBe('kept');
    expect(blobs().filter((key) => key.startsWith('videos/video-recent/'))).toHaveLength(1);
    await media.discard([lost, recent]);
  });

  it('downloads the current version to a local file, or says there is none', async () => {
    const id = await videoWith('downloaded');
    const target = join(dir, `${id}.webm`);
    expect(await media.download(id, ['original'], target)).toBe(true);
    expect((await readFile(target)).toString()).toBe('downloaded');
    expect(await media.download(id, ['playable'], target)).toBe(false);
  });

  it('probes writes under a key of its own each time, outside videos/, and leaves nothing behind', async () => {
    const store = new LocalBlobStore(join(dir, 'blobs'));
    const written: string[] = [];
    const put = store.put.bind(store);
    store.put = (key, ...rest) => (written.push(key), put(key, ...rest));
    const probing = new MediaService({ db: database.db, store, log: pino({ level: 'silent' }) });
    const before = await blobs();

    await Promise.all(Array.from({ length: 8 }, () => probing.probeWrite()));

    expect(new Set(written).size).toBe(8);
    for (const key of written) expect(key).toMatch(/^health\//);
    expect(await blobs()).toEqual(before);
  });
});

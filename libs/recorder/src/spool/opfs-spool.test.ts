// The OPFS spool over an in-memory file system of OPFS's shape: chunks kept in order, any range
// read back, the recordings found again by a new store (a reload), metadata updates, removal.
import { describe, expect, it } from 'vitest';
import { FakeOpfs } from '../testing/fake-opfs.ts';
import { createOpfsSpoolStore } from './opfs-spool.ts';

const text = async (blob: Blob) => blob.text();

describe('OPFS spool', () => {
  it('keeps chunks in order and reads any range of them back', async () => {
    const store = createOpfsSpoolStore(new FakeOpfs().root);
    const spool = await store.create({ mimeType: 'video/webm;codecs=vp9,opus', startedAt: 1000 });
    for (const piece of ['abc', 'defgh', '', 'ij']) await spool.append(new Blob([piece]));
    expect(spool.size).toBe(10);
    expect(await text(await spool.read())).toBe('abcdefghij');
    expect(await text(await spool.read(2, 7))).toBe('cdefg');
    expect(await text(await spool.read(8))).toBe('ij');
    expect((await spool.read()).type).toBe('video/webm;codecs=vp9,opus');
  });

  it('finds its recordings again after a reload, with what was last recorded of them', async () => {
    const fs = new FakeOpfs();
    const before = createOpfsSpoolStore(fs.root);
    const older = await before.create({ mimeType: 'video/webm', startedAt: 1 });
    const newer = await before.create({ mimeType: 'video/webm', startedAt: 2 });
    await older.append(new Blob(['12345']));
    await older.update({
      upload: { url: 'http://x/api/uploads/v1', videoId: 'v1' },
      uploadedBytes: 3,
      durationMs: 900,
    });
    await newer.append(new Blob(['zz']));

    const after = createOpfsSpoolStore(fs.root); // a new page
    const listed = await after.list();
    expect(listed.map((recording) => recording.id)).toEqual([older.id, newer.id]);
    expect(listed[0]).toMatchObject({
      size: 5,
      upload: { videoId: 'v1' },
      uploadedBytes: 3,
      durationMs: 900,
      stopped: false,
      uploaded: false,
    });
    const reopened = (await after.open(older.id))!;
    expect(await text(await reopened.read(3))).toBe('45');
    await reopened.append(new Blob(['6']));
    expect(await text(await reopened.read())).toBe('123456');

    await reopened.remove();
    expect((await after.list()).map((recording) => recording.id)).toEqual([newer.id]);
    expect(await after.open(older.id)).toBeUndefined();
  });
});

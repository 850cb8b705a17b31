// The sweeps that clean up after a crash: partial upload files in the local blob store and job
// scratch folders belong to the process named in them, and go only once it is not running.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeScratch, sweepScratch } from '../../src/platform/processing/scratch';
import { LocalBlobStore } from '../../src/platform/storage';
import { ownerTag } from '../../src/platform/storage/temp-owner';
import { filesUnder } from '../support/upload';

/** The pid of a process that has already exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('sweeps after a crash', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'temp-sweep-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("removes the local store's partial files of dead processes and folders left empty, nothing else", async () => {
    const root = join(dir, 'blobs');
    const store = new LocalBlobStore(root);
    const file = async (path: string) => {
      await mkdir(join(root, path, '..'), { recursive: true });
      await writeFile(join(root, path), 'x');
    };
    await file('videos/kept/original-a.webm');
    await file(`videos/crashed/.original-b.webm.${deadPid()}.0badf00d.1111-2222.partial`);
    await file(`videos/restarted/.original-c.webm.${process.pid}.0badf00d.3333.partial`); // an earlier run of this pid
    await file('videos/older/.original-d.webm.4444-5555.partial'); // named before owner tags
    await file(`videos/mine/.original-e.webm.${ownerTag}.6666.partial`);
    await file(`videos/neighbour/.original-f.webm.${process.ppid}.0badf00d.7777.partial`); // a live process
    await mkdir(join(root, 'videos/empty/deeper'), { recursive: true });

    expect(await store.sweep()).toBe(3 + 3 + 2); // three files, their three folders, two empty ones
    expect(filesUnder(root).sort()).toEqual([
      `videos/kept/original-a.webm`,
      `videos/mine/.original-e.webm.${ownerTag}.6666.partial`,
      `videos/neighbour/.original-f.webm.${process.ppid}.0badf00d.7777.partial`,
    ]);
    expect((await readdir(join(root, 'videos'))).sort()).toEqual(['kept', 'mine', 'neighbour']);
    expect(await store.sweep()).toBe(0);
  });

  it('removes the scratch folders of jobs whose process is gone, not of running ones', async () => {
    const root = join(dir, 'scratch');
    const running = await makeScratch(root, 'video-1');
    const crashed = join(root, `${deadPid()}.0badf00d-video-2-abc`);
    await mkdir(crashed);
    await writeFile(join(crashed, 'upload.webm'), 'x');
    await mkdir(join(root, `stream-processing-video-3-def`)); // no owner: from before tags
    await mkdir(join(root, `${process.ppid}.0badf00d-video-4-ghi`));

    expect(await sweepScratch(root)).toBe(2);
    expect((await readdir(root)).sort()).toEqual(
      [`${process.ppid}.0badf00d-video-4-ghi`, running.split('/').at(-1)].sort(),
    );
  });
});

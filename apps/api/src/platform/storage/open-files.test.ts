import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpenFileCache } from './open-files';

// The real stat, counted: how many times the cache asks the disk.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, stat: vi.fn(actual.stat) };
});
const stats = vi.mocked(stat);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'open-files-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  stats.mockClear();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('OpenFileCache checks of a file', () => {
  it('has the requests that find a check expired share one stat, and all see the same version', async () => {
    const path = join(dir, 'shared.webm');
    await writeFile(path, 'one');

    const cache = new OpenFileCache({ validMs: 20 });
    const first = await cache.current(path);
    await sleep(30);
    stats.mockClear();
    const versions = await Promise.all(Array.from({ length: 8 }, () => cache.current(path)));
    expect(stats).toHaveBeenCalledTimes(1);
    expect(new Set(versions.map((version) => JSON.stringify(version))).size).toBe(1);
    expect(versions[0]).toEqual(first);
    // Within validMs no one asks the disk; once it has passed, the next request checks again.
    await cache.current(path);
    expect(stats).toHaveBeenCalledTimes(1);
    await sleep(30);
    await cache.current(path);
    expect(stats).toHaveBeenCalledTimes(2);
  });

  it('serves the new file after a replace it was told of, even to a check that began before it', async () => {
    const path = join(dir, 'replaced.webm');
    await writeFile(path, 'old bytes');
    const cache = new OpenFileCache({ validMs: 20 });
    await cache.current(path);
    await sleep(30);
    // The next stat reads the old file, then holds its answer until the file has been replaced.
    const { stat: realStat } = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises');
    let statted!: () => void;
    const hasStatted = new Promise<void>((resolve) => (statted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    stats.mockImplementationOnce(async (target) => {
      const found = await realStat(target);
      statted();
      await released;
      return found;
    });
    const before = cache.current(path);
    await hasStatted;
    await writeFile(`${path}.new`, 'the new, longer bytes');
    await rename(`${path}.new`, path);
    cache.forget(path);
    const after = cache.current(path);
    release();
    // The check that saw the old file finds its handle retired, and opens what is there now.
    expect((await before)?.size).toBe('the new, longer bytes'.length);
    expect((await after)?.size).toBe('the new, longer bytes'.length);
    expect(cache.openHandles).toBe(1);
  });

  it('shares the check of a file that is gone, and a later request checks again', async () => {
    const path = join(dir, 'gone.webm');
    await writeFile(path, 'bytes');
    const cache = new OpenFileCache({ validMs: 20 });
    await cache.current(path);
    await rm(path);
    await sleep(30);
    stats.mockClear();
    const versions = await Promise.all([cache.current(path), cache.current(path), cache.current(path)]);
    expect(versions).toEqual([undefined, undefined, undefined]);
    expect(stats).toHaveBeenCalledTimes(1);
    expect(cache.openHandles).toBe(0);
    await cache.current(path);
    expect(stats).toHaveBeenCalledTimes(2);
  });
});

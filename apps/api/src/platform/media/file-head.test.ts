import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileHead } from './file-head';

describe('readFileHead', () => {
  let dir: string;
  let path: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'file-head-'));
    path = join(dir, 'clip');
    await writeFile(path, Buffer.from('0123456789'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the first bytes, or the whole of a shorter file', async () => {
    expect((await readFileHead(path, 4)).toString()).toBe('0123');
    expect((await readFileHead(path, 64)).toString()).toBe('0123456789');
  });

  it('refuses a missing file', async () => {
    await expect(readFileHead(join(dir, 'missing'), 4)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

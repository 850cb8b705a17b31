import { open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** Whether the file starts as every WebM does (the EBML magic). */
export async function isWebmFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(EBML_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(EBML_MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * The files @tus/file-store keeps for uploads in progress on this node: `<id>` (the bytes so
 * far) and `<id>.json` (length and metadata).
 */
export class TusFiles {
  constructor(readonly directory: string) {}

  async remove(id: string): Promise<void> {
    await rm(join(this.directory, id), { force: true });
    await rm(join(this.directory, `${id}.json`), { force: true });
  }

  /** Removes the files of uploads untouched since `before` (their videos expire alike); resolves with how many. */
  async removeIdle(before: Date): Promise<number> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    const ids = new Set(names.map((name) => name.replace(/\.json$/, '')));
    let removed = 0;
    for (const id of ids) {
      const data = await stat(join(this.directory, id)).catch(() => undefined);
      const info = await stat(join(this.directory, `${id}.json`)).catch(() => undefined);
      const latest = Math.max(data?.mtimeMs ?? 0, info?.mtimeMs ?? 0);
      if (latest < before.getTime()) {
        await this.remove(id);
        removed++;
      }
    }
    return removed;
  }
}

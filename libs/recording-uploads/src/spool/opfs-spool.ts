import { newRecording, spooledSize, spoolOf } from './spool.ts';
import type { Spool, SpoolChanges, SpooledRecording, SpoolStore } from './spool.ts';

// The parts of the Origin Private File System API the spool uses (a fake in ./testing has this shape).
export interface OpfsWritable {
  write(data: Blob | string): Promise<void>;
  close(): Promise<void>;
}
export interface OpfsFile {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<Blob>;
  createWritable(): Promise<OpfsWritable>;
}
export interface OpfsDirectory {
  readonly kind: 'directory';
  readonly name: string;
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<OpfsDirectory>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<OpfsFile>;
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
  values(): AsyncIterable<OpfsFile | OpfsDirectory>;
}

const FOLDER = 'stream-recordings';
const META = 'meta.json';
/** Parts are named by their first byte's offset, zero-padded so names sort as offsets do. */
const partName = (offset: number) => `part-${String(offset).padStart(15, '0')}`;
const partOffset = (name: string) => (name.startsWith('part-') ? Number(name.slice(5)) : undefined);

interface Part {
  readonly offset: number;
  readonly file: OpfsFile;
  readonly size: number;
}

/**
 * Each chunk is its own file (`<id>/part-<offset>`): OPFS's writable on the main thread copies
 * the whole file on every close when appending, so one growing file would cost O(n²); separate
 * files cost nothing extra, and a read is a Blob of the files, which the browser does not copy.
 */
export function createOpfsSpoolStore(root: OpfsDirectory): SpoolStore {
  const folder = () => root.getDirectoryHandle(FOLDER, { create: true });

  async function writeMeta(dir: OpfsDirectory, info: SpooledRecording) {
    const writable = await (await dir.getFileHandle(META, { create: true })).createWritable();
    await writable.write(JSON.stringify(info));
    await writable.close();
  }

  async function readMeta(dir: OpfsDirectory): Promise<SpooledRecording | undefined> {
    try {
      const text = await (await (await dir.getFileHandle(META)).getFile()).text();
      return JSON.parse(text) as SpooledRecording;
    } catch {
      return undefined;
    }
  }

  async function partsOf(dir: OpfsDirectory): Promise<Part[]> {
    const parts: Part[] = [];
    for await (const entry of dir.values()) {
      const offset = partOffset(entry.name);
      if (entry.kind !== 'file' || offset === undefined) continue;
      parts.push({ offset, file: entry, size: (await entry.getFile()).size });
    }
    return parts.sort((a, b) => a.offset - b.offset);
  }

  function spool(dir: OpfsDirectory, initial: SpooledRecording, parts: Part[]): Spool {
    // A part written but not in the metadata (a crash between the two) still counts.
    let info: SpooledRecording = { ...initial, size: spooledSize(parts) };
    let metaWrite = Promise.resolve();
    const save = (next: SpooledRecording) => {
      info = next;
      metaWrite = metaWrite.then(() => writeMeta(dir, next)).catch(() => undefined);
      return metaWrite;
    };
    return spoolOf(() => info, {
      async append(chunk) {
        if (chunk.size === 0) return;
        const offset = info.size;
        const file = await dir.getFileHandle(partName(offset), { create: true });
        const writable = await file.createWritable();
        await writable.write(chunk);
        await writable.close();
        parts.push({ offset, file, size: chunk.size });
        await save({ ...info, size: offset + chunk.size });
      },
      async read(from = 0, to = info.size) {
        const pieces: Blob[] = [];
        for (const part of parts) {
          const end = part.offset + part.size;
          if (end <= from || part.offset >= to) continue;
          const blob = await part.file.getFile();
          pieces.push(blob.slice(Math.max(0, from - part.offset), Math.min(part.size, to - part.offset)));
        }
        return new Blob(pieces, { type: info.mimeType });
      },
      update: (changes: SpoolChanges) => save({ ...info, ...changes }),
      async remove() {
        await metaWrite;
        await (await folder()).removeEntry(info.id, { recursive: true });
      },
    });
  }

  return {
    async create(recording) {
      const info = newRecording(recording);
      const dir = await (await folder()).getDirectoryHandle(info.id, { create: true });
      await writeMeta(dir, info);
      return spool(dir, info, []);
    },
    async list() {
      const found: SpooledRecording[] = [];
      for await (const entry of (await folder()).values()) {
        if (entry.kind !== 'directory') continue;
        const info = await readMeta(entry);
        if (!info) continue;
        const parts = await partsOf(entry);
        found.push({ ...info, size: spooledSize(parts) });
      }
      return found.sort((a, b) => a.startedAt - b.startedAt);
    },
    async open(id) {
      let dir: OpfsDirectory;
      try {
        dir = await (await folder()).getDirectoryHandle(id);
      } catch {
        return undefined;
      }
      const info = await readMeta(dir);
      return info && spool(dir, info, await partsOf(dir));
    },
  };
}

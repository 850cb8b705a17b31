/**
 * An in-memory Origin Private File System with the shape the spool uses (directories, files,
 * writables that replace a file's content on close), for tests outside a browser. `quotaBytes`
 * makes writes past it fail as the browser's do (QuotaExceededError).
 */
import type { OpfsDirectory, OpfsFile, OpfsWritable } from '../spool/opfs-spool.ts';

class FakeFile implements OpfsFile {
  readonly kind = 'file';
  content = new Blob([]);
  constructor(
    readonly name: string,
    private readonly fs: FakeOpfs,
  ) {}

  async getFile(): Promise<Blob> {
    return this.content;
  }

  async createWritable(): Promise<OpfsWritable> {
    const pieces: (Blob | string)[] = [];
    return {
      write: async (data) => {
        const size = typeof data === 'string' ? new Blob([data]).size : data.size;
        if (this.fs.usedBytes() + size > this.fs.quotaBytes)
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        pieces.push(data);
      },
      close: async () => {
        this.content = new Blob(pieces);
      },
    };
  }
}

class FakeDirectory implements OpfsDirectory {
  readonly kind = 'directory';
  readonly entries = new Map<string, FakeFile | FakeDirectory>();
  constructor(
    readonly name: string,
    private readonly fs: FakeOpfs,
  ) {}

  async getDirectoryHandle(name: string, options: { create?: boolean } = {}): Promise<OpfsDirectory> {
    const found = this.entries.get(name);
    if (found instanceof FakeDirectory) return found;
    if (found || !options.create)
      throw new DOMException(`${name} not found`, found ? 'TypeMismatchError' : 'NotFoundError');
    const created = new FakeDirectory(name, this.fs);
    this.entries.set(name, created);
    return created;
  }

  async getFileHandle(name: string, options: { create?: boolean } = {}): Promise<OpfsFile> {
    const found = this.entries.get(name);
    if (found instanceof FakeFile) return found;
    if (found || !options.create)
      throw new DOMException(`${name} not found`, found ? 'TypeMismatchError' : 'NotFoundError');
    const created = new FakeFile(name, this.fs);
    this.entries.set(name, created);
    return created;
  }

  async removeEntry(name: string, options: { recursive?: boolean } = {}): Promise<void> {
    const found = this.entries.get(name);
    if (!found) throw new DOMException(`${name} not found`, 'NotFoundError');
    if (found instanceof FakeDirectory && found.entries.size > 0 && !options.recursive)
      throw new DOMException(`${name} is not empty`, 'InvalidModificationError');
    this.entries.delete(name);
  }

  async *values(): AsyncIterable<OpfsFile | OpfsDirectory> {
    yield* [...this.entries.values()];
  }

  bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry instanceof FakeFile ? entry.content.size : entry.bytes();
    return total;
  }
}

export class FakeOpfs {
  readonly root: FakeDirectory;
  constructor(public quotaBytes = Number.POSITIVE_INFINITY) {
    this.root = new FakeDirectory('', this);
  }

  usedBytes(): number {
    return this.root.bytes();
  }
}

import type { Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';

/** Which version of a file a handle reads: a replaced (renamed over) file is a new version. */
export interface FileVersion {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

const versionOf = ({ dev, ino, size, mtimeMs }: Stats): FileVersion => ({ dev, ino, size, mtimeMs });
const sameVersion = (a: FileVersion, b: FileVersion) =>
  a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** A handle lent out for one read: give it back with `release()` once the read is over. */
export interface FileLease {
  handle: FileHandle;
  release(): void;
}

interface Entry {
  path: string;
  version: FileVersion;
  handle: FileHandle;
  readers: number;
  lastUsed: number;
  /** When the file on disk was last seen to be this version. */
  checkedAt: number;
  /** Out of the cache (replaced, deleted, evicted): closes once its last reader is done. */
  retired: boolean;
  closed: boolean;
}

export interface OpenFileCacheOptions {
  /** Handles unused this long are closed. */
  idleMs?: number;
  /** At most this many handles are kept; the least recently used goes first. */
  maxEntries?: number;
  /**
   * A file seen this recently is taken to be unchanged without another stat (nginx's
   * open_file_cache_valid, 60 s there). Replacing or deleting through this cache (`forget`) is
   * seen at once; a change by another process, such as a separate worker, within this long.
   */
  validMs?: number;
}

/**
 * Open read-only handles of recently read files, like nginx's open_file_cache. Serving a range
 * then costs the read itself, plus a `stat` at most once per `validMs` (to notice a file replaced
 * or deleted by another process), instead of open, fstat, read and close, each a trip through
 * libuv's thread pool. A handle keeps reading the version it opened even after that file is
 * replaced or unlinked.
 */
export class OpenFileCache {
  private readonly entries = new Map<string, Entry>();
  /** Retired entries with readers still on them; a lease of their version can join them. */
  private readonly retiredBeingRead = new Set<Entry>();
  /** The check of each path whose cached version expired, while it runs. */
  private readonly checks = new Map<string, Promise<FileVersion | undefined>>();
  private readonly idleMs: number;
  private readonly maxEntries: number;
  private readonly validMs: number;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(options: OpenFileCacheOptions = {}) {
    this.idleMs = options.idleMs ?? 10_000;
    this.maxEntries = options.maxEntries ?? 256;
    this.validMs = options.validMs ?? 1000;
  }

  /** Number of handles held open (cached or still being read); for tests and metrics. */
  get openHandles(): number {
    let count = this.entries.size;
    for (const entry of this.retiredBeingRead) if (!entry.closed) count++;
    return count;
  }

  /**
   * The version of `path` on disk now, or undefined when there is no regular file there. The
   * returned version's handle is cached, so `lease` right after usually costs no system call.
   */
  async current(path: string): Promise<FileVersion | undefined> {
    const seen = this.entries.get(path);
    if (seen && Date.now() - seen.checkedAt < this.validMs) {
      seen.lastUsed = Date.now();
      return seen.version;
    }
    // The requests that find the same file's check expired (a playing video's ranges, several at
    // once) share one stat, and one open when the file changed.
    const inFlight = this.checks.get(path);
    if (inFlight) return inFlight;
    const check = this.check(path).finally(() => this.checks.delete(path));
    this.checks.set(path, check);
    return check;
  }

  /** `current` past its cache: stats the file, and opens it when it is not the version cached. */
  private async check(path: string): Promise<FileVersion | undefined> {
    const stats = await statRegularFile(path);
    if (!stats) {
      const seen = this.entries.get(path);
      if (seen) this.retire(seen);
      return undefined;
    }
    const version = versionOf(stats);
    const cached = this.entries.get(path);
    if (cached && sameVersion(cached.version, version)) {
      cached.lastUsed = cached.checkedAt = Date.now();
      return version;
    }
    if (cached) this.retire(cached);
    // Replaced between stat and open: the handle's own version is the one to serve.
    const opened = await openEntry(path);
    if (!opened) return undefined; // deleted between stat and open
    this.remember(opened);
    return opened.version;
  }

  /**
   * A handle on exactly `version` of `path`, or undefined when that version can no longer be
   * opened (the file was replaced or deleted and its cached handle was already closed).
   */
  async lease(path: string, version: FileVersion): Promise<FileLease | undefined> {
    let entry = this.entries.get(path);
    if (!entry || !sameVersion(entry.version, version)) {
      entry = this.findRetired(path, version);
    }
    if (!entry) {
      const opened = await openEntry(path);
      if (!opened) return undefined;
      if (!sameVersion(opened.version, version)) {
        await opened.handle.close();
        return undefined;
      }
      entry = opened;
      this.remember(entry);
    }
    const leased = entry;
    leased.readers++;
    leased.lastUsed = Date.now();
    let released = false;
    return {
      handle: leased.handle,
      release: () => {
        if (released) return;
        released = true;
        leased.readers--;
        leased.lastUsed = Date.now();
        if (leased.retired) this.closeWhenUnused(leased);
      },
    };
  }

  /** Drops the cached handle of `path` (the file was replaced or deleted): it closes once unread. */
  forget(path: string): void {
    const entry = this.entries.get(path);
    if (entry) this.retire(entry);
  }

  private findRetired(path: string, version: FileVersion): Entry | undefined {
    for (const entry of this.retiredBeingRead) {
      if (entry.path === path && !entry.closed && sameVersion(entry.version, version)) return entry;
    }
    return undefined;
  }

  private remember(entry: Entry): void {
    const previous = this.entries.get(entry.path);
    if (previous && previous !== entry) this.retire(previous);
    this.entries.set(entry.path, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = [...this.entries.values()].reduce((a, b) => (b.lastUsed < a.lastUsed ? b : a));
      this.retire(oldest);
    }
    this.sweeper ??= setInterval(() => this.sweep(), Math.max(10, this.idleMs / 2)).unref();
  }

  private sweep(): void {
    const now = Date.now();
    for (const entry of [...this.entries.values()]) {
      if (entry.readers === 0 && now - entry.lastUsed >= this.idleMs) this.retire(entry);
    }
    if (this.entries.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  private retire(entry: Entry): void {
    if (this.entries.get(entry.path) === entry) this.entries.delete(entry.path);
    entry.retired = true;
    this.closeWhenUnused(entry);
  }

  private closeWhenUnused(entry: Entry): void {
    if (entry.readers > 0) {
      this.retiredBeingRead.add(entry);
      return;
    }
    this.retiredBeingRead.delete(entry);
    if (entry.closed) return;
    entry.closed = true;
    entry.handle.close().catch(() => undefined);
  }
}

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

/** The stats of the regular file at `path`, or undefined when there is none (missing, a directory). */
export async function statRegularFile(path: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : undefined;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** A fresh entry with a new handle on `path` and the version that handle reads, or undefined. */
async function openEntry(path: string): Promise<Entry | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  const stats = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  const now = Date.now();
  return {
    path,
    version: versionOf(stats),
    handle,
    readers: 0,
    lastUsed: now,
    checkedAt: now,
    retired: false,
    closed: false,
  };
}

import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rename, rm, rmdir, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { finished, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BatchedFileWriter } from './batched-file-writer';
import { assertValidBlobKey } from './blob-key';
import { BlobNotFoundError, type BlobInfo, type BlobStore, type ByteRange, type OpenedBlob } from './blob-store';
import { assertRangeFits } from './byte-range';
import { BufferPool } from './buffer-pool';
import { OpenFileCache, statRegularFile, type OpenFileCacheOptions } from './open-files';
import {
  directSocketOf,
  loadKernelSendfile,
  sendFileRange,
  whyNoKernelSendfile,
  type KernelSendfile,
} from './socket-sendfile';
import { isOwnerGone, ownerTag } from './temp-owner';

const READ_CHUNK_BYTES = 1024 * 1024;
/** Keys whose paths are remembered at once (see `paths`); past it the memory starts over. */
const PATHS_KEPT = 1024;

const isErrno = (error: unknown, code: string) => (error as NodeJS.ErrnoException | null)?.code === code;

/**
 * Blobs as files under one directory (`DATA_DIR/blobs` by default). A put writes to a hidden temp
 * file beside its target, flushes it to disk and renames it into place, so readers see either the
 * old blob or the whole new one, and a failed or aborted put leaves nothing behind.
 */
export class LocalBlobStore implements BlobStore {
  readonly root: string;
  private readonly openFiles: OpenFileCache;
  private readonly buffers = new BufferPool(READ_CHUNK_BYTES);

  /** Linux's sendfile for HTTP/1.1 responses (socket-sendfile.ts), unless turned off. */
  private readonly kernel: Promise<KernelSendfile | undefined>;
  private readonly sendfileOff: boolean;
  /**
   * The paths of recently used keys, validated: a playing video reads one blob through hundreds of
   * range requests, and checking and resolving its key each time showed in their profile.
   */
  private readonly paths = new Map<string, string>();

  /** `sendfile`: false copies every body through Node; a binding of its own (tests) replaces the kernel's. */
  constructor(root: string, options: { openFiles?: OpenFileCacheOptions; sendfile?: boolean | KernelSendfile } = {}) {
    this.root = resolve(root);
    this.openFiles = new OpenFileCache(options.openFiles);
    const { sendfile = true } = options;
    this.sendfileOff = sendfile === false;
    this.kernel = Promise.resolve(
      typeof sendfile === 'object' ? sendfile : sendfile ? loadKernelSendfile() : undefined,
    );
  }

  /** Handles held open for reading (see OpenFileCache). */
  get openHandles(): number {
    return this.openFiles.openHandles;
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    // The pipeline below hears the body's errors, and sees one that came before it as the body's
    // state; unheard until then, such an error (a file that cannot be read) would end the process.
    body.on('error', () => undefined);
    return this.writeAtomically(this.pathOf(key), body);
  }

  async moveIn(key: string, path: string, options: { keep?: boolean } = {}): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const handle = await open(path, 'r+');
    let size: number;
    try {
      await handle.sync(); // durable before it is named, as a put is
      size = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    await mkdir(dirname(target), { recursive: true });
    try {
      await (options.keep ? link(path, target) : rename(path, target));
    } catch (error) {
      if (!isErrno(error, 'EXDEV') && !(options.keep && isErrno(error, 'EPERM'))) throw error;
      // DATA_DIR's parts on different disks (or no links there): copy, as a put would.
      const moved = await this.writeAtomically(target, createReadStream(path));
      if (!options.keep) await rm(path, { force: true });
      return moved;
    }
    this.openFiles.forget(target);
    return { size };
  }

  /**
   * Why HTTP/1.1 bodies are copied through Node rather than sent by the kernel's sendfile
   * (`SENDFILE=false`, no binding on this system), or undefined when they are sent by the kernel.
   */
  async whyBodiesAreCopied(): Promise<string | undefined> {
    if (await this.kernel) return undefined;
    return this.sendfileOff ? 'SENDFILE=false' : await whyNoKernelSendfile();
  }

  private async stat(key: string): Promise<BlobInfo | undefined> {
    const info = await statRegularFile(this.pathOf(key));
    return info && { size: info.size, lastModified: info.mtime };
  }

  async open(key: string): Promise<OpenedBlob | undefined> {
    const path = this.pathOf(key);
    const version = await this.openFiles.current(path);
    if (!version) return undefined;
    // Rounded as fs.Stats rounds `mtime`, so `stat` and `open` agree on validators.
    const info: BlobInfo = { size: version.size, lastModified: new Date(Math.round(version.mtimeMs)) };
    const lease = async () => {
      const leased = await this.openFiles.lease(path, version);
      if (!leased) throw new BlobNotFoundError(key);
      return leased;
    };
    return {
      info,
      handOff: async () => ({ kind: 'file', key }),
      writeTo: async (destination, range) => {
        if (range) assertRangeFits(key, range, info.size);
        const span = range ?? { start: 0, end: info.size - 1 };
        const kernel = await this.kernel;
        const direct = kernel && directSocketOf(destination, span.end - span.start + 1);
        const leased = await lease();
        try {
          if (!direct) return await copyOut(leased.handle, span, destination, this.buffers);
          const readPiece = async (position: number, length: number) => {
            const buffer = this.buffers.take();
            try {
              const { bytesRead } = await leased.handle.read(buffer, 0, length, position);
              return { bytes: buffer.subarray(0, bytesRead), done: () => this.buffers.give(buffer) };
            } catch (error) {
              this.buffers.give(buffer);
              throw error;
            }
          };
          await sendFileRange(direct, leased.handle.fd, span, { kernel, readPiece });
          // Every byte is in the kernel's hands now, head and body: ending adds none, so waiting
          // for 'finish' (three listeners and a promise per range request) would tell nothing more.
          destination.end();
        } finally {
          leased.release();
        }
      },
      async stream(range) {
        if (range) assertRangeFits(key, range, info.size);
        const leased = await lease();
        // 1 MiB reads: a sixteenth of the thread-pool round trips and socket writes of the 64 KiB
        // default, which is what bounds a streamed range on loopback.
        const body = leased.handle.createReadStream({
          autoClose: false, // the cache owns the handle
          highWaterMark: READ_CHUNK_BYTES,
          start: range?.start ?? 0,
          ...(range ? { end: range.end } : {}),
        });
        // Without autoClose there is no 'close' after 'end': `finished` sees the end, an error
        // and a destroy alike.
        finished(body, leased.release);
        return body;
      },
    };
  }

  /**
   * A hard link where the disk allows it, else a copy: a blob's file is never written again once
   * named (keys are immutable versions), so sharing it with the worker's scratch is safe, and a
   * long recording reaches ffmpeg without its bytes being copied.
   */
  async download(key: string, path: string): Promise<void> {
    const source = this.pathOf(key);
    try {
      await link(source, path);
      return;
    } catch (error) {
      if (isErrno(error, 'ENOENT') && (await this.stat(key)) === undefined) throw new BlobNotFoundError(key);
      // Another disk, a file system without links, or a leftover at `path`: copy instead.
    }
    try {
      await copyFile(source, path);
    } catch (error) {
      if (isErrno(error, 'ENOENT') && (await this.stat(key)) === undefined) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    // After the unlink: a read that cached the file meanwhile must not outlive it. The handle
    // closes once its last reader is done, and the disk space comes back.
    this.openFiles.forget(path);
    await this.pruneEmptyParents(dirname(path));
  }

  /**
   * Removes the partial files of processes that are no longer running (a put cut short by a kill
   * never reaches its cleanup) and the folders left empty, including those of uploads that never
   * stored a byte. Partial files of puts in progress, here or in another live process, stay.
   */
  async sweep(): Promise<number> {
    let removed = 0;
    const visit = async (dir: string): Promise<boolean> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      let kept = 0;
      for (const entry of entries) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (await visit(path)) kept++;
        } else if (entry.name.endsWith('.partial') && isOwnerGone(partialOwner(entry.name))) {
          await rm(path, { force: true });
          removed++;
        } else {
          kept++;
        }
      }
      if (kept > 0 || dir === this.root) return true;
      // A put may be about to create its file here; it retries if the folder vanishes under it.
      const gone = await rmdir(dir).then(
        () => true,
        () => false,
      );
      if (gone) removed++;
      return !gone;
    };
    await visit(this.root);
    return removed;
  }

  async *list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const info = await this.stat(key).catch(() => undefined);
      if (info) yield { key, lastModified: info.lastModified };
    }
  }

  /** Absolute path of a validated key; never outside the root. */
  private pathOf(key: string): string {
    let path = this.paths.get(key);
    if (path !== undefined) return path;
    assertValidBlobKey(key);
    path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Blob key escaped the store: ${key}`);
    if (this.paths.size >= PATHS_KEPT) this.paths.clear();
    this.paths.set(key, path);
    return path;
  }

  private async writeAtomically(target: string, body: Readable): Promise<{ size: number }> {
    // Named after this process, so a sweep after a crash knows the file is nobody's (see `sweep`).
    const temp = join(dirname(target), `.${basename(target)}.${ownerTag}.${randomUUID()}.partial`);
    let handle: FileHandle | undefined;
    try {
      handle = await openCreatingParents(temp);
      // flush: the data reaches the disk before the handle closes, so the rename publishes it whole.
      const out = new BatchedFileWriter(handle, { flush: true });
      handle = undefined; // the writer owns and closes it now
      await pipeline(body, out);
      await rename(temp, target);
      this.openFiles.forget(target); // readers from now on get the new version
      return { size: out.bytesWritten };
    } catch (error) {
      body.destroy();
      await handle?.close().catch(() => undefined);
      await unlink(temp).catch(() => undefined);
      await this.pruneEmptyParents(dirname(target));
      throw error;
    }
  }

  /** Removes directories left empty by a delete, up to (not including) the root. */
  private async pruneEmptyParents(dir: string): Promise<void> {
    let current = dir;
    while (current.startsWith(this.root + sep)) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty, already gone, or busy: leave it
      }
      current = dirname(current);
    }
  }
}

/** The owner tag in `.<name>.<pid>.<token>.<uuid>.partial`, or undefined for an older name. */
function partialOwner(name: string): string | undefined {
  const parts = name.split('.');
  return parts.length >= 6 ? `${parts.at(-4)}.${parts.at(-3)}` : undefined;
}

/** Opens a new file, creating its directory; retries when a concurrent delete prunes that directory. */
async function openCreatingParents(path: string): Promise<FileHandle> {
  for (let attempt = 1; ; attempt++) {
    await mkdir(dirname(path), { recursive: true });
    try {
      return await open(path, 'wx');
    } catch (error) {
      if (!isErrno(error, 'ENOENT') || attempt >= 5) throw error;
    }
  }
}

/** Fills `buffer` from `position`: one read for a cached file, more only if the kernel splits it. */
async function readFully(handle: FileHandle, position: number, buffer: Buffer): Promise<Buffer> {
  const length = buffer.length;
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) throw new Error(`File ended ${length - filled} bytes early`);
    filled += bytesRead;
  }
  return buffer;
}

/**
 * Copies `range` of the file to `destination` and ends it, in pooled 1 MiB reads: the next read
 * runs while the socket sends the last one, and a buffer is reused once the socket has written it
 * (never after a failed write: the socket may still hold it).
 */
async function copyOut(
  handle: FileHandle,
  range: ByteRange,
  destination: Writable,
  buffers: BufferPool,
): Promise<void> {
  const readAt = async (position: number) => {
    const buffer = buffers.take();
    const length = Math.min(buffer.length, range.end - position + 1);
    try {
      return { buffer, chunk: await readFully(handle, position, buffer.subarray(0, length)) };
    } catch (error) {
      buffers.give(buffer);
      throw error;
    }
  };
  let position = range.start;
  let next = position <= range.end ? readAt(position) : undefined;
  try {
    while (next) {
      const { buffer, chunk } = await next;
      position += chunk.length;
      next = position <= range.end ? readAt(position) : undefined;
      if (destination.destroyed) throw new Error('The destination closed before the blob was written');
      const flowing = destination.write(chunk, (error) => {
        if (!error) buffers.give(buffer);
      });
      if (!flowing) await settlesOn(destination, 'drain');
    }
  } finally {
    // A read ahead that nobody will write: its buffer was never handed to the socket.
    await next?.then(({ buffer }) => buffers.give(buffer)).catch(() => undefined);
  }
  await endOf(destination);
}

/** Ends `destination` and resolves once it finished; rejects if it fails or closes first. */
async function endOf(destination: Writable): Promise<void> {
  const finished = settlesOn(destination, 'finish');
  destination.end();
  await finished;
}

/**
 * Resolves on `event` ('drain', 'finish'); rejects if `stream` fails or closes first (an HTTP
 * response whose client went away emits neither, only 'close').
 */
function settlesOn(stream: Writable, event: 'drain' | 'finish'): Promise<void> {
  return new Promise((resolve, reject) => {
    if (event === 'finish' && stream.writableFinished) return resolve();
    if (stream.destroyed) return reject(new Error('The destination closed before the blob was written'));
    const done = (error?: Error) => {
      stream.off(event, onEvent);
      stream.off('close', onClose);
      stream.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    const onEvent = () => done();
    const onClose = () => done(new Error('The destination closed before the blob was written'));
    stream.once(event, onEvent);
    stream.once('close', onClose);
    stream.once('error', done);
  });
}

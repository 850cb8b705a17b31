import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

/** What a batch gathers before it goes to the disk: a sixteenth of the writes of 64 KiB network chunks. */
const BATCH_BYTES = 1024 * 1024;
/** How long a batch that is not full waits for more: a body that stalls still reaches the disk at once. */
const IDLE_WRITE_MS = 20;

export interface BatchedFileWriterOptions {
  /** Where in the file the first byte goes (default 0); the writes follow on from there. */
  position?: number;
  /** Flush the data to the disk (fsync) before finishing, so a rename after publishes it whole. */
  flush?: boolean;
  batchBytes?: number;
  idleWriteMs?: number;
}

/**
 * Writes a stream into an open file in batches of at least `batchBytes`, each one writev through
 * the thread pool, and closes the file when it finishes or is destroyed. fs.WriteStream writes a
 * chunk at once whenever no write is in flight, so a stream arriving at network pace (64 KiB
 * chunks from node:http) became one write, one trip to the thread pool and back, per chunk: on a
 * single core each trip is two context switches. A batch that is not full is written once no
 * chunk came for `idleWriteMs`, so what a stalled or cut-off body brought is on disk within that
 * time, as a resumable upload killed mid-PATCH needs. The chunks given are held, not copied,
 * until their batch is written.
 */
export class BatchedFileWriter extends Writable {
  bytesWritten = 0;
  private position: number;
  private batch: Buffer[] = [];
  private batchLength = 0;
  /** The writes so far, one after the other: a batch written for idleness may still be on its way. */
  private writing: Promise<void> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly batchBytes: number;
  private readonly idleWriteMs: number;
  private readonly flush: boolean;

  constructor(
    private readonly handle: FileHandle,
    options: BatchedFileWriterOptions = {},
  ) {
    const batchBytes = options.batchBytes ?? BATCH_BYTES;
    super({ highWaterMark: batchBytes });
    this.batchBytes = batchBytes;
    this.idleWriteMs = options.idleWriteMs ?? IDLE_WRITE_MS;
    this.position = options.position ?? 0;
    this.flush = options.flush ?? false;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.gather(chunk);
    this.writeWhenFull(callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void) {
    for (const { chunk } of chunks) this.gather(chunk);
    this.writeWhenFull(callback);
  }

  override _final(callback: (error?: Error | null) => void) {
    this.writeBatch()
      .then(() => (this.flush ? this.handle.sync() : undefined))
      .then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    clearTimeout(this.idleTimer);
    this.batch = [];
    this.batchLength = 0;
    this.writing
      .catch(() => undefined)
      .then(() => this.handle.close())
      .then(
        () => callback(error),
        (closeError: Error) => callback(error ?? closeError),
      );
  }

  private gather(chunk: Buffer) {
    this.batch.push(chunk);
    this.batchLength += chunk.length;
  }

  private writeWhenFull(callback: (error?: Error | null) => void) {
    if (this.batchLength >= this.batchBytes) {
      this.writeBatch().then(() => callback(), callback);
      return;
    }
    this.idleTimer ??= setTimeout(() => {
      this.idleTimer = undefined;
      this.writeBatch().catch((error: Error) => this.destroy(error));
    }, this.idleWriteMs);
    callback();
  }

  /** Queues what the batch holds behind the writes before it; resolves once all of them are done. */
  private writeBatch(): Promise<void> {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const buffers = this.batch;
    const length = this.batchLength;
    this.batch = [];
    this.batchLength = 0;
    if (length > 0) this.writing = this.writing.then(() => this.writeAll(buffers, length));
    return this.writing;
  }

  /** Writes `buffers` (`length` bytes) at the position, all of them (a short write is continued). */
  private async writeAll(buffers: Buffer[], length: number): Promise<void> {
    while (length > 0) {
      const { bytesWritten } = await this.handle.writev(buffers, this.position);
      if (bytesWritten === 0) throw new Error('The file took none of the bytes written to it');
      this.position += bytesWritten;
      this.bytesWritten += bytesWritten;
      length -= bytesWritten;
      if (length > 0) buffers = rest(buffers, bytesWritten);
    }
  }
}

/** `buffers` without their first `skip` bytes. */
function rest(buffers: Buffer[], skip: number): Buffer[] {
  const left: Buffer[] = [];
  for (const buffer of buffers) {
    if (skip >= buffer.length) {
      skip -= buffer.length;
      continue;
    }
    left.push(skip > 0 ? buffer.subarray(skip) : buffer);
    skip = 0;
  }
  return left;
}

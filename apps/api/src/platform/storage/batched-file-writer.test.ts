import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchedFileWriter } from './batched-file-writer';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'batched-writer-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `total` random bytes cut into `chunk`-byte pieces, as node:http hands a body on. */
function piecesOf(total: number, chunk: number) {
  const bytes = randomBytes(total);
  const pieces: Buffer[] = [];
  for (let at = 0; at < total; at += chunk) pieces.push(bytes.subarray(at, at + chunk));
  return { bytes, pieces };
}

/** The sizes of the writes made through `handle` from now on. */
function recordWrites(handle: FileHandle): number[] {
  const sizes: number[] = [];
  const writev = handle.writev.bind(handle);
  handle.writev = async (buffers, position) => {
    const written = await writev(buffers, position);
    sizes.push(written.bytesWritten);
    return written;
  };
  return sizes;
}

// fsync (`flush: true`) waits on the disk, which CI shares with every other test: 5.2 s once at load 14.
describe('BatchedFileWriter', { timeout: 30_000 }, () => {
  it('writes every byte in order, in writes of at least the batch size but the last, and closes the file', async () => {
    const path = join(dir, 'whole');
    const handle = await open(path, 'wx');
    const writes = recordWrites(handle);
    const { bytes, pieces } = piecesOf(5 * 64 * 1024 + 100, 64 * 1024);
    const out = new BatchedFileWriter(handle, { batchBytes: 128 * 1024, flush: true });
    await pipeline(Readable.from(pieces), out);
    expect(await readFile(path)).toEqual(bytes);
    expect(out.bytesWritten).toBe(bytes.length);
    expect(writes).toEqual([128 * 1024, 128 * 1024, 64 * 1024 + 100]);
    expect(handle.fd).toBe(-1); // closed
  });

  it('writes from `position` on, leaving what comes before it', async () => {
    const path = join(dir, 'appended');
    await writeFile(path, 'head:');
    const { bytes, pieces } = piecesOf(3000, 1000);
    const out = new BatchedFileWriter(await open(path, 'r+'), { position: 5, batchBytes: 1024 });
    await pipeline(Readable.from(pieces), out);
    expect(await readFile(path)).toEqual(Buffer.concat([Buffer.from('head:'), bytes]));
    expect(out.bytesWritten).toBe(3000);
  });

  it('continues a short write where the file stopped taking bytes', async () => {
    const path = join(dir, 'short');
    const handle = await open(path, 'wx');
    const writev = handle.writev.bind(handle);
    let calls = 0;
    // The kernel may take part of a writev (a signal, a full pipe); the rest must follow, in order.
    handle.writev = ((buffers: Buffer[], position: number) =>
      writev(calls++ === 0 ? [buffers[0]!.subarray(0, 10)] : buffers, position)) as typeof handle.writev;
    const { bytes, pieces } = piecesOf(4000, 1000);
    const out = new BatchedFileWriter(handle, { batchBytes: 8192 });
    await pipeline(Readable.from(pieces), out);
    expect(await readFile(path)).toEqual(bytes);
    expect(out.bytesWritten).toBe(4000);
  });

  it('fails the stream when the file refuses the bytes, and still closes it', async () => {
    const path = join(dir, 'read-only');
    await writeFile(path, '');
    const handle = await open(path, 'r');
    const { pieces } = piecesOf(4000, 1000);
    await expect(pipeline(Readable.from(pieces), new BatchedFileWriter(handle, { batchBytes: 1024 }))).rejects.toThrow(
      /EBADF/,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(handle.fd).toBe(-1);
  });

  it('writes a batch that is not full once the stream stalls, without waiting for its end', async () => {
    const path = join(dir, 'stalled');
    const source = new Readable({ read() {} });
    const writing = pipeline(source, new BatchedFileWriter(await open(path, 'wx'), { idleWriteMs: 20 }));
    source.push(Buffer.alloc(1000, 1));
    source.push(Buffer.alloc(500, 2));
    // A resumable upload killed now keeps these bytes: its next PATCH starts after them.
    const deadline = Date.now() + 5000;
    while ((await readFile(path)).length < 1500 && Date.now() < deadline) await sleep(10);
    expect(await readFile(path)).toEqual(Buffer.concat([Buffer.alloc(1000, 1), Buffer.alloc(500, 2)]));
    source.push(Buffer.alloc(10, 3));
    source.push(null);
    await writing;
    expect((await readFile(path)).subarray(1500)).toEqual(Buffer.alloc(10, 3));
  });

  it('closes the file when its source fails, dropping a batch not yet written', async () => {
    const path = join(dir, 'cut-off');
    const handle = await open(path, 'wx');
    const source = new Readable({ read() {} });
    source.push(Buffer.alloc(100, 1));
    const writing = pipeline(source, new BatchedFileWriter(handle, { batchBytes: 1024, idleWriteMs: 60_000 }));
    setImmediate(() => source.destroy(new Error('client gone')));
    await expect(writing).rejects.toThrow('client gone');
    await new Promise((resolve) => setImmediate(resolve));
    expect(handle.fd).toBe(-1);
    expect((await readFile(path)).length).toBe(0); // the batch neither filled nor waited long enough
  });
});

import { PassThrough, pipeline, type Readable } from 'node:stream';

/** What the stream given may hold before its reader takes it: a blob's write buffer (platform/storage/local-blob-store.ts). */
const BODY_BUFFER_BYTES = 1024 * 1024;

/**
 * Reads up to `length` first bytes of `stream` (fewer if it ends sooner) and gives them with a
 * stream of every byte, those first ones included, to read in its place. A failure of `stream`
 * rejects here or fails the stream given; destroying the stream given destroys `stream`.
 * (Not `unshift`: a short stream has emitted 'end' by the time its head is known, and then takes
 * nothing back.) The chunks pass on as they came, uncopied: an async iterator over `stream` read
 * them with `read()`, which joins whatever chunks are waiting into a new buffer, a copy of nearly
 * every byte of an upload (and, past glibc's mmap threshold, a fresh mapping for each).
 */
export function peekHead(stream: Readable, length: number): Promise<{ head: Buffer; body: Readable }> {
  const body = new PassThrough({ highWaterMark: Math.max(length, BODY_BUFFER_BYTES) });
  return new Promise((resolve, reject) => {
    const first: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      stream.off('data', look).off('end', settle);
      resolve({ head: Buffer.concat(first).subarray(0, length), body });
    };
    const look = (chunk: Buffer) => {
      first.push(chunk);
      size += chunk.length;
      if (size >= length) settle();
    };
    pipeline(stream, body, (error) => {
      if (error && !settled) {
        settled = true;
        reject(error);
      }
    });
    stream.on('data', look).once('end', settle);
  });
}

import { Readable } from 'node:stream';

/**
 * Reads up to `length` first bytes of `stream` (fewer if it ends sooner) and gives them with a
 * stream of every byte, those first ones included, to read in its place. A failure of `stream`
 * rejects here or fails the stream given; destroying the stream given destroys `stream`.
 * (Not `unshift`: a short stream has emitted 'end' by the time its head is known, and then takes
 * nothing back.)
 */
export async function peekHead(stream: Readable, length: number): Promise<{ head: Buffer; body: Readable }> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first: Buffer[] = [];
  let size = 0;
  while (size < length) {
    const next = await chunks.next();
    if (next.done) break;
    first.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(first);
  async function* everything() {
    try {
      if (head.length > 0) yield head;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    } finally {
      await chunks.return?.();
    }
  }
  return { head: head.subarray(0, length), body: Readable.from(everything(), { objectMode: false }) };
}

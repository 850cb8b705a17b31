// An upload keeps the type its first bytes announce (its key's extension and the
// Content-Type its download is served with), read without losing a byte of the upload.
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { finished } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { peekHead } from './stream-head';
import { videoContentTypeOf } from './video-magic';

/** An EBML header as MediaRecorder and ffmpeg write it, with `docType`, then some cluster bytes. */
const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]),
    Buffer.from([0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType, 'latin1'),
    Buffer.alloc(40, 7),
  ]);
/** An ISO file's first box, `type`, carrying `brand` (an ftyp's major brand). */
const box = (type: string, brand = 'isom') =>
  Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(type + brand, 'latin1'), Buffer.alloc(48)]);

describe('videoContentTypeOf', () => {
  it.each([
    ['a WebM', ebml('webm'), 'video/webm'],
    ['an MKV', ebml('matroska'), 'video/x-matroska'],
    ['an MP4', box('ftyp', 'isom'), 'video/mp4'],
    ["an iPhone's MOV", box('ftyp', 'qt  '), 'video/quicktime'],
    ['an old QuickTime file (no ftyp)', box('wide'), 'video/quicktime'],
  ])('%s', (_, head, type) => {
    expect(videoContentTypeOf(head)).toBe(type);
  });

  it('takes an EBML file whose DocType is cut off for a WebM', () => {
    expect(videoContentTypeOf(ebml('matroska').subarray(0, 20))).toBe('video/webm');
  });
});

describe('peekHead', () => {
  const bytes = Buffer.concat([ebml('matroska'), Buffer.alloc(100_000, 3)]);

  it('gives the head and every byte, from a stream of small chunks', async () => {
    const chunks = Array.from({ length: Math.ceil(bytes.length / 5) }, (_, i) => bytes.subarray(i * 5, i * 5 + 5));
    const { head, body } = await peekHead(Readable.from(chunks), 64);
    expect(head.equals(bytes.subarray(0, 64))).toBe(true);
    expect((await buffer(body)).equals(bytes)).toBe(true);
  });

  it('passes the chunks on as they came, without copying them', async () => {
    // An upload's chunks queue up behind a slow disk: each must reach the blob store as it is.
    const chunks = Array.from({ length: 8 }, (_, i) => Buffer.alloc(256 * 1024, i));
    chunks[0] = Buffer.concat([ebml('matroska'), chunks[0]!]);
    const { head, body } = await peekHead(Readable.from(chunks), 64);
    expect(head.equals(chunks[0]!.subarray(0, 64))).toBe(true);
    const passed: Buffer[] = [];
    body.on('data', (chunk: Buffer) => passed.push(chunk)); // as a pipe reads it, chunk by chunk
    await finished(body);
    expect(Buffer.concat(passed).equals(Buffer.concat(chunks))).toBe(true);
    for (const chunk of passed) expect(chunks.some((source) => source.buffer === chunk.buffer)).toBe(true);
  });

  it('gives a stream shorter than the head whole, and an empty one empty', async () => {
    const short = await peekHead(Readable.from([Buffer.from('abc')]), 64);
    expect(short.head.toString()).toBe('abc');
    expect((await buffer(short.body)).toString()).toBe('abc');
    const empty = await peekHead(Readable.from([]), 64);
    expect(empty.head.length).toBe(0);
    expect((await buffer(empty.body)).length).toBe(0);
  });

  it('fails the stream given when the source fails after the head', async () => {
    async function* failing() {
      yield bytes.subarray(0, 100);
      throw new Error('client went away');
    }
    const { body } = await peekHead(Readable.from(failing()), 64);
    await expect(buffer(body)).rejects.toThrow('client went away');
  });
});

import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { UploadRejection, WebmGate } from './webm-gate';

const magic = [0x1a, 0x45, 0xdf, 0xa3];
const through = (chunks: number[][], max = 100) =>
  buffer(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(new WebmGate(max)));

describe('WebmGate', () => {
  it('passes a WebM through unchanged, even when the magic arrives a byte at a time', async () => {
    const out = await through([[magic[0]!], [magic[1]!], [magic[2]!, magic[3]!, 1, 2], [3]]);
    expect([...out]).toEqual([...magic, 1, 2, 3]);
  });

  it('passes an MP4 or a MOV through: a box type at bytes 4-8', async () => {
    const ftyp = [0, 0, 0, 0x20, ...Buffer.from('ftypisom')];
    expect([...(await through([ftyp.slice(0, 5), ftyp.slice(5)]))]).toEqual(ftyp);
    const movMdatFirst = [0, 0, 0, 8, ...Buffer.from('mdat'), 1];
    expect([...(await through([movMdatFirst]))]).toEqual(movMdatFirst);
  });

  it('refuses a text file named .mp4 with 415 and a reason naming what is taken', async () => {
    await expect(through([[...Buffer.from('hello world, not a video')]])).rejects.toMatchObject({
      status: 415,
      message: 'Not a video file: Stream takes WebM, MKV, MP4 or MOV',
    });
  });

  it('refuses other bytes with 415', async () => {
    await expect(through([[0x25, 0x50, 0x44, 0x46, 1]])).rejects.toMatchObject({ status: 415 });
  });

  it('refuses a file shorter than the magic with 415', async () => {
    await expect(through([[0x1a, 0x45]])).rejects.toBeInstanceOf(UploadRejection);
  });

  it('refuses more than the limit with 413', async () => {
    await expect(through([magic, new Array(97).fill(0)], 100)).rejects.toMatchObject({ status: 413 });
    expect((await through([magic, new Array(96).fill(0)], 100)).length).toBe(100);
  });
});

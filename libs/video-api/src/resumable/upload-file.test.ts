// A file chosen or dropped in the library goes up as recordings do (tus), named after the
// file, in chunks, each resumable; a file the server refuses says why.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTusServer, type FakeTusServer } from '../testing/fake-tus-server';
import { createResumableClient } from './resumable-upload-client';
import { fileUploadFailure, titleOfFileName, uploadFile } from './upload-file';

let server: FakeTusServer;
beforeEach(async () => {
  server = await startFakeTusServer({ webmOnly: true });
});
afterEach(() => server.close());

const client = (onProgress?: (offset: number) => void) =>
  createResumableClient({ baseUrl: server.url, getToken: () => 'alice', backoff: { minMs: 5, maxMs: 40 }, onProgress });
const webmFile = (size: number, name: string) => {
  const bytes = Buffer.alloc(size, 9);
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(bytes);
  return Object.assign(new Blob([bytes]), { name });
};

describe('uploadFile', () => {
  it('sends the whole file in chunks under its name, finishes it and answers the video id', async () => {
    const progress: number[] = [];
    const file = webmFile(2500, 'Team sync.webm');
    const id = await uploadFile(
      client((offset) => progress.push(offset)),
      file,
      1000,
    );
    const stored = server.uploads.get(id)!;
    expect(stored.title).toBe('Team sync');
    expect(stored.length).toBe(2500);
    expect(stored.bytes.equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
    expect(progress).toEqual([1000, 2000, 2500]);
  });

  it('a file the server refuses says it is not a video, and leaves no upload behind', async () => {
    const text = Object.assign(new Blob(['meeting notes, not a video']), { name: 'notes.mp4' });
    const error = await uploadFile(client(), text).catch((caught: unknown) => caught);
    expect(fileUploadFailure(error)).toBe('Not a video file: Stream takes WebM, MKV, MP4 or MOV');
    expect(server.uploads.size).toBe(0);
  });

  it('titles a file by its name without the extension', () => {
    expect(titleOfFileName('IMG_0001.MOV')).toBe('IMG_0001');
    expect(titleOfFileName('q3.review.mp4')).toBe('q3.review');
    expect(titleOfFileName('no-extension')).toBe('no-extension');
  });
});

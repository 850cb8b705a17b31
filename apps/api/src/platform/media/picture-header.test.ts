import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPictureHeader } from './picture-header';

const dir = mkdtempSync(join(tmpdir(), 'picture-header-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 320×120 picture written by ffmpeg as `name`, with `options` for its encoder. */
function picture(name: string, options: string[] = []): Buffer {
  const path = join(dir, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=red:s=320x120',
    '-frames:v',
    '1',
    ...options,
    path,
  ]);
  return readFileSync(path);
}

describe('readPictureHeader', () => {
  it.each([
    ['png', 'a.png', []],
    ['gif', 'a.gif', []],
    ['bmp', 'a.bmp', []],
    ['webp', 'lossy.webp', []],
    ['webp', 'lossless.webp', ['-lossless', '1']],
  ] as const)('reads the size of a %s (%s) from its header', (format, name, options) => {
    expect(readPictureHeader(picture(name, [...options]))).toEqual({ format, width: 320, height: 120 });
  });

  it('tells a baseline JPEG, which decodes at a fraction of its size, from a progressive one', () => {
    expect(readPictureHeader(picture('baseline.jpg'))).toEqual({
      format: 'jpeg',
      width: 320,
      height: 120,
      scalableJpeg: true,
    });
    // ffmpeg writes no progressive JPEG: the same file with its frame marked SOF2 reads as one.
    const progressive = Buffer.from(picture('progressive.jpg'));
    progressive[progressive.indexOf(Buffer.from([0xff, 0xc0])) + 1] = 0xc2;
    expect(readPictureHeader(progressive)).toEqual({ format: 'jpeg', width: 320, height: 120, scalableJpeg: false });
  });

  it('answers nothing for a header cut short or garbage after the magic', () => {
    const png = picture('cut.png');
    expect(readPictureHeader(png.subarray(0, 20))).toBeUndefined();
    const garbage = Buffer.alloc(4096, 0x37);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(garbage);
    expect(readPictureHeader(garbage)).toBeUndefined();
    expect(readPictureHeader(Buffer.from('plain text'))).toBeUndefined();
  });
});

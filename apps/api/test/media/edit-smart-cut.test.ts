// The smart cut on real files made by ffmpeg: the result lasts the kept ranges' sum to within a
// frame, keeps exactly the kept frames (each frame's pixels compared with the source's), copies
// whole groups of pictures, and re-encodes only from a cut to the next keyframe.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smartCut } from '../../src/platform/processing';
import type { BlurRegion, CutPlan, TimeRange } from '../../src/platform/processing/cut-plan';
import { difference, durations, FPS, greyFrames, makeEditableWebm } from '../support/edit-fixtures';
import { FFMPEG, FFPROBE } from '../support/processing-fixtures';

const FRAME = 1 / FPS;

describe.each(['vp9', 'vp8'] as const)('smart cut of a %s WebM with keyframes every 2 s', (codec) => {
  let dir: string;
  let source: string;
  let sourceFrames: Buffer[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), `edit-smart-cut-${codec}-`));
    source = join(dir, 'source.webm');
    await makeEditableWebm(source, { seconds: 10, codec });
    sourceFrames = await greyFrames(source);
    expect(sourceFrames.length).toBe(10 * FPS);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function cut(
    name: string,
    ranges: TimeRange[],
    blurs: BlurRegion[] = [],
  ): Promise<{ output: string; plan: CutPlan }> {
    const output = join(dir, `${name}.webm`);
    const workDir = await mkdtemp(join(dir, `${name}-work-`));
    const plan = await smartCut(source, output, ranges, {
      ffmpegPath: FFMPEG,
      ffprobePath: FFPROBE,
      workDir,
      timeoutMs: 60_000,
      blurs,
    });
    return { output, plan };
  }

  /** Every frame of the output is the source frame the kept ranges put there, and none other. */
  async function expectKeptFrames(output: string, keptFrameIndexes: number[]) {
    const frames = await greyFrames(output);
    expect(frames.length).toBe(keptFrameIndexes.length);
    for (const [position, frame] of frames.entries()) {
      const expected = keptFrameIndexes[position]!;
      const own = difference(frame, sourceFrames[expected]!);
      expect(own, `frame ${position} (source frame ${expected})`).toBeLessThan(8);
      for (const other of [expected - 1, expected + 1]) {
        if (other < 0 || other >= sourceFrames.length) continue;
        expect(difference(frame, sourceFrames[other]!), `frame ${position} vs source frame ${other}`).toBeGreaterThan(
          own,
        );
      }
    }
  }

  /** The source frame indexes in [from, to) (source frames start at about 0.007 s, one every 40 ms). */
  const frameRange = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

  it('keeps ranges that start on keyframes by copying alone, to the exact length', async () => {
    const { output, plan } = await cut('at-keyframes', [
      { start: 2.007, end: 4.007 },
      { start: 6.007, end: 8.007 },
    ]);
    expect(plan.pieces.map((piece) => piece.kind)).toEqual(['copy', 'copy']);
    const measured = await durations(output);
    expect(measured.frames).toBe(100);
    expect(Math.abs(measured.video - 4)).toBeLessThan(FRAME);
    expect(Math.abs(measured.container - 4)).toBeLessThan(FRAME);
    await expectKeptFrames(output, [...frameRange(50, 100), ...frameRange(150, 200)]);
  }, 60_000);

  it('cuts between keyframes frame-exactly, re-encoding only up to the next keyframe', async () => {
    const ranges = [
      { start: 0.52, end: 3.2 },
      { start: 5.08, end: 9.4 },
    ];
    const { output, plan } = await cut('between', ranges);
    // From 0.52 to the keyframe at 2.007, copy to 3.2; from 5.08 to the keyframe at 6.007, copy to 9.4.
    expect(plan.pieces.map((piece) => [piece.kind, piece.frames])).toEqual([
      ['encode', 37],
      ['copy', 30],
      ['encode', 23],
      ['copy', 85],
    ]);
    const requested = ranges.reduce((sum, range) => sum + range.end - range.start, 0);
    const measured = await durations(output);
    expect(Math.abs(measured.video - requested)).toBeLessThan(FRAME);
    expect(Math.abs(measured.container - requested)).toBeLessThan(FRAME);
    expect(Math.abs(plan.duration - requested)).toBeLessThan(FRAME);
    await expectKeptFrames(output, [...frameRange(13, 80), ...frameRange(127, 235)]);
  }, 60_000);

  /** The audio packets' checksums, in order: equal lists are the same audio, byte for byte. */
  async function audioPackets(path: string): Promise<string[]> {
    const { stdout } = await promisify(execFile)(FFMPEG, [
      '-v',
      'error',
      '-i',
      path,
      '-map',
      '0:a',
      '-c',
      'copy',
      '-f',
      'framemd5',
      '-',
    ]);
    return stdout
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split(',').at(-1)!.trim());
  }

  it('a blur with nothing cut copies the audio as it is; a cut encodes it again', async () => {
    const whole = [{ start: 0, end: 10 }];
    const blur = { from: 3.1, to: 4.1, x: 0, y: 0, width: 50, height: 50 };
    const { output, plan } = await cut('blur-only', whole, [blur]);
    expect(plan.pieces.some((piece) => piece.kind === 'encode')).toBe(true);
    const [own, blurred] = await Promise.all([audioPackets(source), audioPackets(output)]);
    expect(own.length).toBeGreaterThan(100);
    expect(blurred).toEqual(own);
    const measured = await durations(output);
    expect(Math.abs(measured.container - (await durations(source)).container)).toBeLessThan(FRAME);

    const { output: trimmed } = await cut('blur-and-trim', [{ start: 0, end: 9 }], [blur]);
    const encoded = await audioPackets(trimmed);
    expect(encoded).not.toEqual(own.slice(0, encoded.length));
  }, 60_000);

  it('trims both ends and cuts three middle ranges like the benchmark, to within a frame', async () => {
    const ranges = [
      { start: 0.5, end: 1.9 },
      { start: 2.5, end: 4.3 },
      { start: 5.1, end: 7.7 },
      { start: 8.2, end: 9.5 },
    ];
    const { output } = await cut('trim-and-cut', ranges);
    const requested = ranges.reduce((sum, range) => sum + range.end - range.start, 0);
    const measured = await durations(output);
    expect(Math.abs(measured.video - requested)).toBeLessThan(FRAME);
    expect(Math.abs(measured.container - requested)).toBeLessThan(FRAME);
  }, 60_000);
});

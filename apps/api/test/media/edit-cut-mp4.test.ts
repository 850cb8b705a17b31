// Editing a video whose playable version is an MP4 (an uploaded phone file, a recording
// made as MP4). H.264 groups of pictures cannot be copied beside re-encoded ones, so each kept range
// is re-encoded whole, frame-exactly, into an MP4 with H.264 + AAC and moov first.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smartCut } from '../../src/platform/processing';
import { difference, durations, FPS, greyFrames, makeEditableMp4 } from '../support/edit-fixtures';
import { ffprobe, topLevelBoxes } from '../support/mp4-boxes';
import { FFMPEG, FFPROBE } from '../support/processing-fixtures';

const FRAME = 1 / FPS;

describe('cutting an H.264/AAC MP4 with keyframes every 2 s', () => {
  let dir: string;
  let source: string;
  let sourceFrames: Buffer[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'edit-cut-mp4-'));
    source = join(dir, 'source.mp4');
    await makeEditableMp4(source, { seconds: 10 });
    sourceFrames = await greyFrames(source);
    expect(sourceFrames.length).toBe(10 * FPS);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps exactly the frames of ranges cut between keyframes, as an MP4 that plays everywhere', async () => {
    const ranges = [
      { start: 0.52, end: 3.2 },
      { start: 5.08, end: 9.4 },
    ];
    const output = join(dir, 'between.mp4');
    const plan = await smartCut(source, output, ranges, {
      ffmpegPath: FFMPEG,
      ffprobePath: FFPROBE,
      workDir: await mkdtemp(join(dir, 'work-')),
      timeoutMs: 60_000,
    });
    expect(plan.contentType).toBe('video/mp4');
    // One encoded piece per range, with the source's keyframes kept where they were.
    expect(plan.pieces.map((piece) => [piece.kind, piece.frames])).toEqual([
      ['encode', 67],
      ['encode', 108],
    ]);

    const probed = await ffprobe(output);
    expect(probed.formatName).toContain('mp4');
    expect(probed.streams.map((stream) => [stream.type, stream.codec, stream.pixFmt])).toEqual([
      ['video', 'h264', 'yuv420p'],
      ['audio', 'aac', undefined],
    ]);
    const boxes = await topLevelBoxes(output);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

    const requested = ranges.reduce((sum, range) => sum + range.end - range.start, 0);
    const measured = await durations(output);
    expect(Math.abs(measured.video - requested)).toBeLessThan(FRAME);
    expect(Math.abs(plan.duration - requested)).toBeLessThan(FRAME);
    expect(Math.abs(probed.durationSeconds - requested)).toBeLessThan(2 * FRAME);

    const kept = [...indexes(13, 80), ...indexes(127, 235)];
    const frames = await greyFrames(output);
    expect(frames.length).toBe(kept.length);
    for (const [position, frame] of frames.entries()) {
      const expected = kept[position]!;
      const own = difference(frame, sourceFrames[expected]!);
      expect(own, `frame ${position} (source frame ${expected})`).toBeLessThan(8);
      for (const other of [expected - 1, expected + 1]) {
        if (other < 0 || other >= sourceFrames.length) continue;
        expect(difference(frame, sourceFrames[other]!), `frame ${position} vs ${other}`).toBeGreaterThan(own);
      }
    }
  }, 90_000);
});

/** The whole numbers in [from, to). */
const indexes = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

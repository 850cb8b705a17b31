import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestClip } from '@stream/video-api/testing';
import {
  makeMp4,
  MediaToolError,
  probe,
  remux,
  thumbnail,
  UnprocessableVideoError,
} from '../../src/platform/processing';
import { runMediaTool } from '../../src/platform/media/media-tool';
import { keyFrameTimes } from '../support/mp4-boxes';
import {
  cuesLayout,
  FFMPEG,
  FFPROBE,
  makeAudioOnlyWebm,
  makeBrokenWebm,
  makeRecordingLikeWebm,
  probedDuration,
} from '../support/processing-fixtures';

describe('media steps over ffmpeg', () => {
  let dir: string;
  let recording: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-'));
    recording = join(dir, 'recording.webm');
    await makeRecordingLikeWebm(recording);
  }, 30_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('probes a recording: WebM with video, but no duration and no cues yet', async () => {
    const result = await probe(FFPROBE, recording, 10_000);
    expect(result.isWebmWithVideo).toBe(true);
    expect(result.formatName).toContain('webm');
    expect(result.durationSeconds).toBeUndefined();
    expect(result.streams.map((stream) => stream.codecType).sort()).toEqual(['audio', 'video']);
    expect((await cuesLayout(recording)).cues).toBe(-1);
  });

  it('remuxes without re-encoding so the file gains a duration and cues in front', async () => {
    const out = join(dir, 'remuxed.webm');
    await remux(FFMPEG, recording, out, 10_000);
    const duration = await probedDuration(out);
    expect(duration).toBeGreaterThan(2.9);
    expect(duration).toBeLessThan(3.2);
    const layout = await cuesLayout(out);
    expect(layout.cues).toBeGreaterThan(0);
    expect(layout.cues).toBeLessThan(layout.firstCluster);
    const before = await probe(FFPROBE, recording, 10_000);
    const after = await probe(FFPROBE, out, 10_000);
    expect(after.streams.map((s) => s.codecName)).toEqual(before.streams.map((s) => s.codecName));
    expect(after.durationSeconds).toBeCloseTo(duration, 3);
  });

  it('grabs a JPEG thumbnail, also from a clip shorter than a second', async () => {
    const short = join(dir, 'short.webm');
    await makeRecordingLikeWebm(short, 0.4);
    const remuxedShort = join(dir, 'short-remuxed.webm');
    await remux(FFMPEG, short, remuxedShort, 10_000);
    for (const [input, duration] of [
      [recording, 3],
      [remuxedShort, 0.4],
    ] as const) {
      const jpeg = join(dir, `thumb-${duration}.jpg`);
      await thumbnail(FFMPEG, input, jpeg, duration, 10_000);
      const bytes = await readFile(jpeg);
      expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    }
  }, 20_000);

  it('calls a broken WebM unprocessable, with a reason a person can read', async () => {
    const broken = join(dir, 'broken.webm');
    await makeBrokenWebm(broken);
    const error = await probe(FFPROBE, broken, 10_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableVideoError);
    expect((error as Error).message).toMatch(/^The file is not a readable video \(.+\)$/);
  });

  it('does not take a text file for a WebM', async () => {
    const text = join(dir, 'notes.txt');
    await writeFile(text, 'this is not a video\n'.repeat(100));
    const result = await probe(FFPROBE, text, 10_000);
    expect(result.isWebmWithVideo).toBe(false);
    expect(result.formatName).not.toContain('webm');
  });

  it('tells a WebM without video apart', async () => {
    const audio = join(dir, 'audio.webm');
    await makeAudioOnlyWebm(audio);
    const result = await probe(FFPROBE, audio, 10_000);
    expect(result.formatName).toContain('webm');
    expect(result.isWebmWithVideo).toBe(false);
  });

  it('reports a failing tool with the tail of its stderr', async () => {
    const error = await remux(FFMPEG, join(dir, 'missing.webm'), join(dir, 'x.webm'), 10_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaToolError);
    expect((error as MediaToolError).stderrTail).toContain('missing.webm');
    expect((error as Error).message).toContain('No such file or directory');
  });

  it('kills a tool that outlives its timeout', async () => {
    const started = Date.now();
    const error = await runMediaTool('/bin/sleep', ['30'], { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaToolError);
    expect((error as MediaToolError).timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('encodes an MP4 with a key frame every 4 s, where HLS cuts its segments', async () => {
    // x264 alone puts one every 250 frames: at 10 fps that is one key frame in these 10 s.
    const source = join(dir, 'ten-seconds.webm');
    await makeTestClip(source, { seconds: 10, video: { size: '160x120', rate: 10, realtime: true } }, FFMPEG);
    const out = join(dir, 'ten-seconds.mp4');
    await makeMp4(FFMPEG, source, out, { video: false, audio: false }, 60_000);
    expect(await keyFrameTimes(out)).toEqual([0, 4, 8]);
  }, 60_000);

  it('reports a missing binary', async () => {
    const error = await runMediaTool(join(dir, 'no-ffmpeg'), ['-version'], { timeoutMs: 5000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaToolError);
    expect((error as Error).message).toContain('could not start');
  });
});

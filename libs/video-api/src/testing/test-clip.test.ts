import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestClip } from './test-clip';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'stream-test-clip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function probe(path: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_name,width,height:format=duration,format_name'],
    ...['-of', 'json', path],
  ]);
  return JSON.parse(stdout) as {
    streams: { codec_name: string; width?: number; height?: number }[];
    format: { duration?: string; format_name: string };
  };
}

describe('makeTestClip (real ffmpeg)', { timeout: 60_000 }, () => {
  it('makes a VP8/Opus WebM of the asked length by default', async () => {
    const info = await probe(await makeTestClip(join(dir, 'default.webm'), { seconds: 1 }));
    expect(info.streams.map((s) => s.codec_name)).toEqual(['vp8', 'opus']);
    expect(info.streams[0]).toMatchObject({ width: 320, height: 240 });
    expect(Number(info.format.duration)).toBeCloseTo(1, 0);
  });

  it('puts keyframes exactly where asked with fixedKeyframes', async () => {
    const path = await makeTestClip(join(dir, 'vp9.webm'), {
      seconds: 3,
      video: { codec: 'vp9', realtime: true, keyframeEvery: 25, fixedKeyframes: true },
      audio: false,
    });
    expect((await probe(path)).streams.map((s) => s.codec_name)).toEqual(['vp9']);
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v', '-show_entries', 'frame=key_frame,pts_time'],
      ...['-of', 'csv=p=0', path],
    ]);
    const keyframes = stdout
      .trim()
      .split('\n')
      .map((line) => line.split(','))
      .filter(([key]) => key === '1')
      .map(([, time]) => Number(time));
    expect(keyframes).toEqual([0, 1, 2]);
  });

  it('writes a live stream without a duration, audio only, or Matroska with a codec WebM cannot hold', async () => {
    const live = await probe(await makeTestClip(join(dir, 'live.webm'), { seconds: 1, live: true }));
    expect(live.format.duration).toBeUndefined();
    const audio = await probe(await makeTestClip(join(dir, 'audio.webm'), { seconds: 1, video: false }));
    expect(audio.streams.map((s) => s.codec_name)).toEqual(['opus']);
    const mkv = await probe(
      await makeTestClip(join(dir, 'mpeg4.mkv'), {
        seconds: 1,
        video: { codec: 'mpeg4' },
        audio: false,
        format: 'matroska',
      }),
    );
    expect(mkv.streams.map((s) => s.codec_name)).toEqual(['mpeg4']);
  });
});

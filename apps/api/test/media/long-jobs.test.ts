// Long files: a job's time limit grows with its work. With PROCESSING_TIMEOUT_SECONDS at
// 5 and every x264 encode slowed by 8 s, the MP4 of a 6 s video is made all the same (the
// rendition job is given 4× the video's length) and a 4.4 MiB upload that must be transcoded
// becomes READY (its processing is given 5 s + 4 s per MiB; job-time.ts). Before, every attempt
// expired after the fixed 5 s and the MP4, or the video, ended FAILED.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFile, stat, writeFile, chmod } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RenditionState, Status } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG } from '../support/processing-fixtures';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { scratchDir } from '../support/scratch';
import { startTestServer, type TestServer } from '../support/test-server';
import { until, untilProcessed } from '../support/until';
import { uploadVideo } from '../support/upload';
import { makeWebm } from '../support/webm';

const FLOOR_SECONDS = 5;
const X264_DELAY_SECONDS = 8;

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let recording: string;
let encodes: string;
let dir: string;

const encodeRuns = async () =>
  (await readFile(encodes, 'utf8').catch(() => ''))
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ').map(Number) as [number, number]);

/** ffmpeg that waits before every x264 encode and notes how long each took. */
async function slowX264Ffmpeg(dir: string): Promise<string> {
  const path = join(dir, 'ffmpeg');
  encodes = join(dir, 'x264-runs');
  await writeFile(
    path,
    `#!/bin/sh
case "$*" in
  *libx264*)
    start=$(date +%s)
    sleep ${X264_DELAY_SECONDS}
    ${FFMPEG} "$@"
    code=$?
    echo "$(( $(date +%s) - start )) $code" >> "${encodes}"
    exit $code;;
esac
exec ${FFMPEG} "$@"
`,
  );
  await chmod(path, 0o755);
  return path;
}

beforeAll(async () => {
  dir = scratchDir('long-jobs');
  const [started, path, ffmpeg] = await Promise.all([
    startAuthEmulator(),
    makeWebm({ seconds: 6, live: true, dir }),
    slowX264Ffmpeg(dir),
  ]);
  emulator = started;
  recording = path;
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    env: {
      WORKER: 'true',
      TRANSCRIBE: 'off',
      FFMPEG_PATH: ffmpeg,
      PROCESSING_TIMEOUT_SECONDS: String(FLOOR_SECONDS),
      PROCESSING_MAINTENANCE_SECONDS: '1',
    },
  });
  owner = await newTestUser(emulator.host);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe('a job longer than PROCESSING_TIMEOUT_SECONDS', () => {
  it('makes the MP4 of a video whose encode outlasts the configured timeout', async () => {
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    const answer = await uploadVideo(server.baseUrl, readFileSync(recording), { token: owner.idToken });
    expect(answer.status).toBe(201);
    const id = answer.json.video!.id;
    const ready = await untilProcessed(client, id, () => '(the server runs in this process: see the test output)');
    expect(ready.status).toBe(Status.READY);

    const rendition = await until(
      'the MP4 rendition to be made or to fail',
      async () => {
        const video = await client.getVideo({ videoId: id });
        return video.mp4State === RenditionState.UNSPECIFIED ? undefined : video;
      },
      120_000,
    );
    expect(rendition.mp4State).toBe(RenditionState.READY);
    expect(rendition.mp4Url).toMatch(new RegExp(`^/api/videoservice/mp4/${id}\\?`));
    // The encode that made it ran past the configured timeout, in one attempt.
    const runs = await encodeRuns();
    expect(runs).toHaveLength(1);
    const [seconds, code] = runs[0]!;
    expect(code).toBe(0);
    expect(seconds).toBeGreaterThan(FLOOR_SECONDS);
  }, 180_000);

  it('processes an upload whose transcode outlasts the configured timeout, given time for its size', async () => {
    // Uncompressed video: 4.4 MiB for 40 small frames, so x264 itself has little to do.
    const mkv = join(dir, 'raw.mkv');
    await promisify(execFile)(FFMPEG, [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=10:d=4'],
      ...['-c:v', 'rawvideo', '-pix_fmt', 'yuv420p', '-y', mkv],
    ]);
    expect((await stat(mkv)).size).toBeGreaterThan(4 * 1024 ** 2);
    const before = (await encodeRuns()).length;
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    const answer = await uploadVideo(server.baseUrl, readFileSync(mkv), {
      token: owner.idToken,
      name: 'raw.mkv',
      type: 'video/x-matroska',
    });
    expect(answer.status, answer.json.message).toBe(201);
    const video = await untilProcessed(client, answer.json.video!.id, () => '(see the test output)');
    expect([video.status, video.failureReason]).toEqual([Status.READY, '']);
    expect(Math.abs(video.durationSeconds - 4)).toBeLessThan(0.2);
    const [transcode] = (await encodeRuns()).slice(before);
    expect(transcode![1]).toBe(0); // one attempt, which took longer than the configured timeout
    expect(transcode![0]).toBeGreaterThan(FLOOR_SECONDS);
  }, 180_000);
});

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { access, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@connectrpc/connect';
import { Status, type Video, VideoService } from '@stream/proto';
import { createVideoTransport } from '@stream/video-api';
import { makeTestClip } from '@stream/video-api/testing';
import { inject } from 'vitest';

const run = promisify(execFile);

export interface TestWebm {
  bytes: Uint8Array<ArrayBuffer>;
  /** Duration ffprobe reads from the file, in seconds. */
  durationSeconds: number;
}

/**
 * A real VP8/Opus WebM made by ffmpeg: a test pattern with a 440 Hz tone, a keyframe every second
 * (so a seek lands near its target). Up to 2 Mbit/s for 30 s, about 2 MB:
 * the browser streams it by ranges rather than in one read.
 *
 * Made once per run and length, in the run's clip folder (src/global-setup.ts): ffmpeg draws the
 * test pattern in software, about 7 s of a core for the 30 s clip, and a dozen files ask for the
 * same few lengths. Every caller gets its own copy of the bytes.
 */
export async function makeTestWebm(seconds = 30): Promise<TestWebm> {
  const path = join(inject('clipDir'), `test-${seconds}s.webm`);
  if (!(await exists(path))) {
    // Made beside and renamed into place, so a file running at the same time never reads half a clip.
    const partial = `${path}.${randomUUID()}.partial`;
    try {
      await makeTestClip(partial, {
        seconds,
        video: { size: '640x360', bitrate: '2M', keyframeEvery: 25, realtime: true },
      });
      await rename(partial, path);
    } finally {
      await rm(partial, { force: true });
    }
  }
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  const file = await readFile(path);
  return {
    bytes: new Uint8Array(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer),
    durationSeconds: Number(stdout.trim()),
  };
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** POST /api/videoservice/upload as the app does: multipart, field `video`, Bearer token. */
export async function uploadVideo(baseUrl: string, idToken: string, webm: TestWebm): Promise<string> {
  const form = new FormData();
  form.append('video', new Blob([webm.bytes], { type: 'video/webm;codecs=vp8,opus' }), 'recording.webm');
  const response = await fetch(`${baseUrl}/api/videoservice/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}` },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${text}`);
  const id = (JSON.parse(text) as { video?: { id?: string } }).video?.id;
  if (!id) throw new Error(`upload answered without a video id: ${text}`);
  return id;
}

/** A video-service client for the user, over the same transport the web app uses. */
export function videoClient(baseUrl: string, idToken: string) {
  return createClient(VideoService, createVideoTransport({ baseUrl, getToken: () => idToken }));
}

/** Polls GetVideo until processing has finished (READY or FAILED). */
export async function waitUntilProcessed(
  baseUrl: string,
  idToken: string,
  id: string,
  timeoutMs = 45_000,
): Promise<Video> {
  const client = videoClient(baseUrl, idToken);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const video = await client.getVideo({ videoId: id });
    if (video.status === Status.READY || video.status === Status.FAILED) return video;
    if (Date.now() > deadline) throw new Error(`video ${id} still ${Status[video.status]} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

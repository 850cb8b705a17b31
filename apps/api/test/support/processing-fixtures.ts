// Media made on the spot with Debian's ffmpeg, shaped like what the browser uploads.
import { execFile } from 'node:child_process';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { promisify } from 'node:util';
import { makeTestClip } from '@stream/video-api/testing';
import { makeWebm } from './webm';

const run = promisify(execFile);

export const FFMPEG = process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH || '/usr/bin/ffprobe';

/**
 * A VP8/Opus WebM written as a live stream: like MediaRecorder's output it has no duration and no
 * Cues, which is what processing must add.
 */
export async function makeRecordingLikeWebm(path: string, seconds = 3): Promise<void> {
  await makeWebm({ dir: dirname(path), name: basename(path), seconds, live: true });
}

/** A WebM holding only audio: a valid container, but no picture to show. */
export async function makeAudioOnlyWebm(path: string): Promise<void> {
  await makeTestClip(path, { seconds: 1, video: false }, FFMPEG);
}

/** A Matroska file (same EBML container as WebM) holding MPEG-4 video, which WebM cannot carry. */
export async function makeMatroskaWithForeignCodec(path: string): Promise<void> {
  const video = { size: '160x120', rate: 10, codec: 'mpeg4' } as const;
  await makeTestClip(path, { seconds: 1, video, audio: false, format: 'matroska' }, FFMPEG);
}

/** Starts like a WebM (EBML magic, so an upload route accepts it) and then is garbage. */
export async function makeBrokenWebm(path: string): Promise<void> {
  const bytes = Buffer.alloc(64 * 1024);
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(bytes);
  for (let i = 4; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
  await writeFile(path, bytes);
}

/** ffprobe's `format.duration` of a file, NaN when it has none. */
export async function probedDuration(path: string): Promise<number> {
  const { stdout } = await run(FFPROBE, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number.parseFloat(stdout.trim());
}

const CUES_ID = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);
const CLUSTER_ID = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);

/** Where the Matroska Cues element and the first Cluster start in a file (-1 when absent). */
export async function cuesLayout(path: string): Promise<{ cues: number; firstCluster: number }> {
  const bytes = await readFile(path);
  return { cues: bytes.indexOf(CUES_ID), firstCluster: bytes.indexOf(CLUSTER_ID) };
}

/** A shell script standing in for ffmpeg: runs `before` then the real binary. */
export async function wrapFfmpeg(path: string, before: string): Promise<string> {
  await writeFile(path, `#!/bin/sh\n${before}\nexec ${FFMPEG} "$@"\n`);
  await chmod(path, 0o755);
  return path;
}

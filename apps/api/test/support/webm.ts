import { join } from 'node:path';
import { makeTestClip } from '@stream/video-api/testing';
import { scratchDir } from './scratch';

/**
 * A real WebM (VP8 video + Opus audio, a test pattern and a tone) made with ffmpeg, `seconds`
 * long; returns the file's path. With `live`, written as a stream like MediaRecorder's: no
 * duration and no cues.
 */
export async function makeWebm(
  options: { seconds?: number; dir?: string; name?: string; live?: boolean } = {},
): Promise<string> {
  const dir = options.dir ?? scratchDir('webm');
  const path = join(dir, options.name ?? 'recording.webm');
  await makeTestClip(path, { seconds: options.seconds ?? 3, video: { bitrate: '200k' }, live: options.live });
  return path;
}

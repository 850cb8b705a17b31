import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A real WebM (VP8 video + Opus audio, a test pattern and a tone) made with ffmpeg, `seconds`
 * long; returns the file's path. With `live`, written as a stream like MediaRecorder's: no
 * duration and no cues.
 */
export async function makeWebm(
  options: { seconds?: number; dir?: string; name?: string; live?: boolean } = {},
): Promise<string> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'stream-webm-'));
  const path = join(dir, options.name ?? 'recording.webm');
  const seconds = String(options.seconds ?? 3);
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    seconds,
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    '-c:a',
    'libopus',
    ...(options.live ? ['-f', 'webm', '-live', '1'] : []),
    path,
  ]);
  return path;
}

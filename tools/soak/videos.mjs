// The soak's videos: one WebM encoded once (VP8 + Opus, like a recording), and per upload a copy
// with its own title in the container, so each stored video can be told apart. The server remuxes
// uploads (`ffmpeg -c copy`), so a stored file's bytes differ from the upload's; its packets do
// not: "intact" means the same sha256 per stream of packet data, and the upload's own title.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { makeTestClip } from '@stream/video-api/testing';

const run = promisify(execFile);
const FFMPEG = '/usr/bin/ffmpeg';
const FFPROBE = '/usr/bin/ffprobe';

/** A `seconds`-long 640x360 WebM with a moving picture and a tone, at about 2 Mbit/s. */
export async function makeBaseVideo(path, seconds) {
  const video = { pattern: 'testsrc2', size: '640x360', realtime: true, bitrate: '2M' };
  await makeTestClip(path, { seconds, video, audio: { sampleRate: 48000 } }, FFMPEG);
}

/** A copy of `base` whose container title is `title` (same packets, other bytes). */
export async function makeVariant(base, path, title) {
  await run(FFMPEG, [
    '-v',
    'error',
    '-y',
    '-i',
    base,
    '-map',
    '0',
    '-c',
    'copy',
    '-metadata',
    `title=${title}`,
    '-f',
    'webm',
    path,
  ]);
}

/** What must survive the server: the sha256 of each stream's packet data, and the title. */
export async function fingerprint(path) {
  const [{ stdout: hashes }, { stdout: title }] = await Promise.all([
    run(FFMPEG, ['-v', 'error', '-i', path, '-map', '0', '-c', 'copy', '-f', 'streamhash', '-hash', 'sha256', '-']),
    run(FFPROBE, ['-v', 'error', '-show_entries', 'format_tags=title', '-of', 'default=nw=1:nk=1', path]),
  ]);
  return { streams: hashes.trim(), title: title.trim() };
}

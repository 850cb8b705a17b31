import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readFileHead } from '../media/file-head';
import { runFfmpeg } from '../media/media-tool';
import {
  avcCodecOf,
  bandwidthOf,
  masterPlaylist,
  rungMediaName,
  rungPlaylistName,
  type HlsRung,
} from './hls-playlists';
import { FORCED_KEY_FRAMES, KEY_FRAME_SECONDS, X264_SETTINGS } from './make-mp4';

/**
 * Seconds per HLS segment: short enough to start fast and switch rungs soon on a slow link; the
 * MP4's key frames fall at the same times, so the copied top rung cuts there too.
 */
export const HLS_SEGMENT_SECONDS = KEY_FRAME_SECONDS;

/** A picture whose shorter side is above this gets lower rungs, for slow links. */
const LOWER_RUNGS = [720, 480] as const;

/**
 * The shorter sides of the rungs below a `width`×`height` picture: 720 above 720p, and 480 too
 * from 1080p up (cheap next to the 720 one, and what a 1-2 Mbit/s link plays). None at 720p or less.
 */
export function lowerRungSides(width: number, height: number): number[] {
  const side = Math.min(width, height);
  if (side <= 720) return [];
  return LOWER_RUNGS.filter((rung) => rung === 720 || side >= 1080);
}

/** The even picture size with shorter side `side`, keeping the aspect ratio. */
export function rungSize(width: number, height: number, side: number): { width: number; height: number } {
  const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);
  return width >= height
    ? { width: even((width * side) / height), height: side }
    : { width: side, height: even((height * side) / width) };
}

/** What makeHls wrote: per rung its playlist and media file, highest rung first, and the master. */
export interface MadeHls {
  master: string;
  rungs: (HlsRung & { playlist: string; mediaPath: string })[];
}

/**
 * Writes the HLS presentation of `input` (the MP4 rendition: H.264/AAC) into `dir`: the top rung is
 * its video copied, each lower rung (`lowerRungSides`) encoded with x264's settings and a key frame
 * every segment; every rung carries the audio copied. Each rung is one fMP4 file read by byte ranges
 * (`single_file`: one asset per rung, not hundreds of segment files), ~4 s segments. The master
 * playlist is written here from what was measured: ffmpeg's names no CODECS for a copied stream and
 * guesses BANDWIDTH from its first segment.
 */
export async function makeHls(
  ffmpegPath: string,
  input: string,
  dir: string,
  source: { width: number; height: number; hasAudio: boolean },
  timeoutMs: number,
): Promise<MadeHls> {
  const sizes = [
    { width: source.width, height: source.height },
    ...lowerRungSides(source.width, source.height).map((side) => rungSize(source.width, source.height, side)),
  ];
  const lower = sizes.slice(1);
  const split = `[0:v:0]split=${lower.length}${lower.map((_, i) => `[s${i}]`).join('')}`;
  const scales = lower.map((size, i) => `[s${i}]scale=${size.width}:${size.height}[r${i}]`);
  await runFfmpeg(
    ffmpegPath,
    [
      '-i',
      input,
      '-filter_complex',
      [split, ...scales].join(';'),
      '-map',
      '0:v:0',
      ...lower.flatMap((_, i) => ['-map', `[r${i}]`]),
      ...(source.hasAudio ? sizes.flatMap(() => ['-map', '0:a:0']) : []),
      '-c:v:0',
      'copy',
      ...lower.flatMap((_, i) => [`-c:v:${i + 1}`, 'libx264', `-force_key_frames:v:${i + 1}`, FORCED_KEY_FRAMES]),
      ...X264_SETTINGS,
      '-pix_fmt',
      'yuv420p',
      '-fps_mode',
      'vfr',
      '-c:a',
      'copy',
      '-f',
      'hls',
      '-hls_time',
      String(HLS_SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'fmp4',
      '-hls_flags',
      'single_file+independent_segments',
      '-var_stream_map',
      sizes.map((_, i) => (source.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' '),
      '-hls_segment_filename',
      join(dir, '%v.mp4'),
      join(dir, '%v.m3u8'),
    ],
    { timeoutMs },
  );
  const rungs = await Promise.all(
    sizes.map(async (size, index) => {
      const playlist = await readFile(join(dir, rungPlaylistName(index)), 'utf8');
      const mediaPath = join(dir, rungMediaName(index));
      const video = avcCodecOf(await readFileHead(mediaPath, initLength(playlist))) ?? 'avc1.640028';
      const { peak, average } = bandwidthOf(playlist);
      return {
        ...size,
        bandwidth: peak,
        averageBandwidth: average,
        codecs: source.hasAudio ? `${video},mp4a.40.2` : video,
        playlist,
        mediaPath,
      };
    }),
  );
  return { master: masterPlaylist(rungs), rungs };
}

/** The length of the init segment a single-file playlist names (EXT-X-MAP's BYTERANGE). */
function initLength(playlist: string): number {
  const length = /#EXT-X-MAP:.*BYTERANGE="(\d+)@0"/.exec(playlist)?.[1];
  return length ? Number(length) : 4096;
}

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
}

/** The streams of a media file, by ffprobe. */
export async function probeStreams(path: string): Promise<ProbedStream[]> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name',
    '-of',
    'json',
    path,
  ]);
  return (JSON.parse(stdout) as { streams: ProbedStream[] }).streams;
}

/** Mean and max volume (dB) of the first audio stream (or of one band of it), by ffmpeg's volumedetect. */
export async function audioVolume(
  path: string,
  options: { bandHz?: number } = {},
): Promise<{ meanDb: number; maxDb: number }> {
  // A band (two narrow band-pass filters around it) measures one tone apart from others in the mix.
  const band = options.bandHz ? `bandpass=f=${options.bandHz}:width_type=q:w=8,`.repeat(2) : '';
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-i',
    path,
    '-map',
    '0:a:0',
    '-af',
    `${band}volumedetect`,
    '-f',
    'null',
    '-',
  ]);
  const read = (name: string) => {
    const match = new RegExp(`${name}:\\s*(-?[\\d.]+|-inf) dB`).exec(stderr);
    if (!match) throw new Error(`volumedetect printed no ${name}:\n${stderr}`);
    return match[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number(match[1]);
  };
  return { meanDb: read('mean_volume'), maxDb: read('max_volume') };
}

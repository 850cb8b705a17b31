// Files as phones and other recorders make them: H.264/AAC in MP4 or MOV, made on the
// spot with Debian's ffmpeg, small and quick to encode.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';

/**
 * A `seconds`-long H.264 (and AAC, unless `audio` is false) test pattern at `path`, as `format`.
 * ffmpeg writes moov after mdat unless `faststart`, as most cameras do.
 */
export async function makeCameraFile(
  path: string,
  options: { seconds: number; format: 'mp4' | 'mov'; audio?: boolean; faststart?: boolean; video?: boolean },
): Promise<string> {
  const { audio = true, video = true } = options;
  const args = ['-v', 'error', '-y'];
  if (video) args.push('-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25');
  if (audio) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  args.push('-t', String(options.seconds));
  if (video) args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (audio) args.push('-c:a', 'aac', '-b:a', '64k');
  if (options.faststart) args.push('-movflags', '+faststart');
  args.push('-f', options.format, path);
  await run(FFMPEG, args);
  return path;
}

import { MediaToolError, runMediaTool } from '../media/media-tool';
import { UnprocessableVideoError } from './unprocessable-video-error';

export interface MediaStream {
  index: number;
  codecType: string;
  codecName: string;
  /** A video stream's picture size in pixels. */
  width?: number;
  height?: number;
}

export interface ProbeResult {
  /** ffprobe's format name, e.g. `matroska,webm`. */
  formatName: string;
  /** Seconds, or undefined when the container does not say (MediaRecorder's WebM). */
  durationSeconds: number | undefined;
  streams: MediaStream[];
  /** A WebM/Matroska container holding at least one video stream. */
  isWebmWithVideo: boolean;
}

interface FfprobeJson {
  format?: { format_name?: string; duration?: string };
  streams?: { index?: number; codec_type?: string; codec_name?: string; width?: number; height?: number }[];
}

/** Reads container and streams of a local file with ffprobe. A file ffprobe cannot parse is unprocessable. */
export async function probe(ffprobePath: string, file: string, timeoutMs: number): Promise<ProbeResult> {
  let output: string;
  try {
    output = await runMediaTool(
      ffprobePath,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeoutMs },
    );
  } catch (error) {
    if (error instanceof MediaToolError && !error.timedOut && error.stderrTail) {
      // An MP4 or MOV whose index (moov, written last by most cameras) never arrived: say so, not
      // ffprobe's last line ("Invalid data found"), which names no cause.
      const detail = error.stderrTail.includes('moov atom not found')
        ? 'moov atom not found: the file ends before its index, as a cut-off copy or upload does'
        : lastLine(error.stderrTail).replace(`${file}: `, ''); // the temp path means nothing to a person
      throw new UnprocessableVideoError(`The file is not a readable video (${detail})`, { cause: error });
    }
    throw error;
  }
  const json = JSON.parse(output) as FfprobeJson;
  const formatName = json.format?.format_name ?? '';
  const duration = Number.parseFloat(json.format?.duration ?? '');
  const streams = (json.streams ?? []).map((stream, position) => ({
    index: stream.index ?? position,
    codecType: stream.codec_type ?? 'unknown',
    codecName: stream.codec_name ?? 'unknown',
    ...(stream.width && stream.height ? { width: stream.width, height: stream.height } : {}),
  }));
  const isWebm = formatName.split(',').some((name) => name === 'webm' || name === 'matroska');
  return {
    formatName,
    durationSeconds: Number.isFinite(duration) && duration >= 0 ? duration : undefined,
    streams,
    isWebmWithVideo: isWebm && streams.some((stream) => stream.codecType === 'video'),
  };
}

function lastLine(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return (lines.at(-1) ?? text).slice(0, 300);
}

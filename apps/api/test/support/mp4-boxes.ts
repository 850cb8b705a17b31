import { open } from 'node:fs/promises';
import { runMediaTool } from '../../src/platform/media/media-tool';

/** The types of an MP4's top-level boxes, in file order (`ftyp`, `moov`, `mdat`, …). */
export async function topLevelBoxes(path: string): Promise<string[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const types: string[] = [];
    const header = Buffer.alloc(16);
    for (let offset = 0; offset + 8 <= size;) {
      await file.read(header, 0, 16, offset);
      let length = header.readUInt32BE(0);
      types.push(header.toString('latin1', 4, 8));
      if (length === 1) length = Number(header.readBigUInt64BE(8));
      else if (length === 0) length = size - offset; // to the end of the file
      if (length < 8) throw new Error(`A box of ${length} bytes at ${offset}`);
      offset += length;
    }
    return types;
  } finally {
    await file.close();
  }
}

/** ffprobe's reading of a file: its container, duration and each stream's codec. */
export async function ffprobe(path: string) {
  const json = JSON.parse(
    await runMediaTool(
      '/usr/bin/ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
      { timeoutMs: 30_000 },
    ),
  ) as {
    format: { format_name: string; duration: string };
    streams: { codec_type: string; codec_name: string; pix_fmt?: string }[];
  };
  return {
    formatName: json.format.format_name,
    durationSeconds: Number(json.format.duration),
    streams: json.streams.map((stream) => ({
      type: stream.codec_type,
      codec: stream.codec_name,
      pixFmt: stream.pix_fmt,
    })),
  };
}

/** The times (s, rounded to 0.1) of the first video stream's key frames, by ffprobe's packet flags. */
export async function keyFrameTimes(path: string): Promise<number[]> {
  const csv = await runMediaTool(
    '/usr/bin/ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', path],
    { timeoutMs: 30_000 },
  );
  return csv
    .split('\n')
    .map((line) => line.split(','))
    .filter(([, flags]) => flags?.startsWith('K'))
    .map(([time]) => Math.round(Number(time) * 10) / 10)
    .sort((a, b) => a - b);
}

import type { HlsRung } from '../../videos/video.table';

// The text of an HLS presentation whose rungs are each one fMP4 file read by byte ranges
// (ffmpeg's `-hls_flags single_file`). Pure functions: the job writes the master playlist from what
// it measured (the stream route adds the request's signature to every address: videos/hls-query.ts).

export type { HlsRung };

/** Segment durations and byte lengths of a media playlist (EXTINF and EXT-X-BYTERANGE pairs). */
export function segmentsOf(mediaPlaylist: string): { seconds: number; bytes: number }[] {
  const segments: { seconds: number; bytes: number }[] = [];
  let seconds: number | undefined;
  for (const line of mediaPlaylist.split(/\r?\n/)) {
    const duration = /^#EXTINF:([\d.]+)/.exec(line);
    if (duration) seconds = Number(duration[1]);
    const range = /^#EXT-X-BYTERANGE:(\d+)/.exec(line);
    if (range && seconds !== undefined) {
      segments.push({ seconds, bytes: Number(range[1]) });
      seconds = undefined;
    }
  }
  return segments;
}

/** Peak and mean bits per second of a media playlist's segments (0 for none). */
export function bandwidthOf(mediaPlaylist: string): { peak: number; average: number } {
  const segments = segmentsOf(mediaPlaylist);
  const seconds = segments.reduce((sum, segment) => sum + segment.seconds, 0);
  const bytes = segments.reduce((sum, segment) => sum + segment.bytes, 0);
  const peak = Math.max(
    0,
    ...segments.map((segment) => (segment.seconds > 0 ? (segment.bytes * 8) / segment.seconds : 0)),
  );
  return { peak: Math.ceil(peak), average: seconds > 0 ? Math.ceil((bytes * 8) / seconds) : 0 };
}

/** The file names of rung `index`'s media playlist and media file, as the playlists name them. */
export const rungPlaylistName = (index: number) => `${index}.m3u8`;
export const rungMediaName = (index: number) => `${index}.mp4`;

/** The master playlist listing `rungs` (highest first), each by its media playlist's name. */
export function masterPlaylist(rungs: readonly HlsRung[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  rungs.forEach((rung, index) => {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${rung.bandwidth},AVERAGE-BANDWIDTH=${rung.averageBandwidth},` +
        `RESOLUTION=${rung.width}x${rung.height},CODECS="${rung.codecs}"`,
      rungPlaylistName(index),
    );
  });
  return `${lines.join('\n')}\n`;
}

/** RFC 6381 `avc1.PPCCLL` from an fMP4 init segment's avcC box; undefined when it has none. */
export function avcCodecOf(initSegment: Buffer): string | undefined {
  const at = initSegment.indexOf('avcC');
  if (at < 0 || at + 8 > initSegment.length) return undefined;
  const hex = (byte: number) => byte.toString(16).padStart(2, '0');
  return `avc1.${hex(initSegment[at + 5]!)}${hex(initSegment[at + 6]!)}${hex(initSegment[at + 7]!)}`;
}

/**
 * ffmpeg's `-progress` output: blocks of `key=value` lines, each ended by `progress=continue` (about
 * every half second) or `progress=end`. `out_time_us` is how far into the input's timeline the
 * output has got, in microseconds (`out_time_ms` is too, despite its name); it is `N/A` or negative
 * before the first frame is written.
 */

/** The seconds of the output written so far, from one block's fields; undefined while unknown. */
export function outTimeSeconds(fields: ReadonlyMap<string, string>): number | undefined {
  const raw = fields.get('out_time_us') ?? fields.get('out_time_ms');
  if (raw === undefined || !/^-?\d+$/.test(raw.trim())) return undefined;
  const seconds = Number(raw) / 1e6;
  return seconds >= 0 ? seconds : undefined;
}

/**
 * Reads `-progress` output as it arrives, in chunks cut anywhere, and calls `onTime` with the
 * output's time at the end of every block that has one.
 */
export function progressReader(onTime: (seconds: number) => void): (chunk: string) => void {
  let pending = '';
  let fields = new Map<string, string>();
  return (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const equals = line.indexOf('=');
      if (equals < 0) continue;
      const key = line.slice(0, equals).trim();
      fields.set(key, line.slice(equals + 1).trim());
      if (key !== 'progress') continue;
      const seconds = outTimeSeconds(fields);
      fields = new Map();
      if (seconds !== undefined) onTime(seconds);
    }
  };
}

/** How often at most a job writes its progress: a figure a person reads, not a write per ffmpeg report. */
export const PROGRESS_WRITE_MS = 1000;

/**
 * Turns ffmpeg's seconds of output into a job's percent of `durationSeconds` and hands it to
 * `write` at most every `everyMs`, only when it rose, and never as 100 (the job is done only when
 * the video is READY). A write still running is waited for, not doubled; its failure costs only
 * that figure. Undefined when the length is unknown (a recording whose file does not say it): the
 * progress then stays 0.
 */
export function progressReporter(
  durationSeconds: number | undefined,
  write: (percent: number) => Promise<unknown>,
  { everyMs = PROGRESS_WRITE_MS, now = Date.now }: { everyMs?: number; now?: () => number } = {},
): ((seconds: number) => void) | undefined {
  if (durationSeconds === undefined || !(durationSeconds > 0)) return undefined;
  let written = 0;
  let writtenAt = Number.NEGATIVE_INFINITY;
  let writing = false;
  return (seconds) => {
    const percent = Math.min(99, Math.floor((seconds / durationSeconds) * 100));
    if (writing || percent <= written || now() - writtenAt < everyMs) return;
    written = percent;
    writtenAt = now();
    writing = true;
    void write(percent)
      .catch(() => undefined)
      .finally(() => (writing = false));
  };
}

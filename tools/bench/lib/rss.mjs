// Memory of another process, read from /proc/<pid>/status (Linux).
import { readFile } from 'node:fs/promises';

export async function memoryOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') * 1024, hwm: kib('VmHWM') * 1024 };
}

/**
 * Samples VmRSS every `everyMs` until stopped; `stop()` resolves with the peak and the largest
 * rise from any earlier low point (so memory a garbage collection frees meanwhile cannot hide
 * what the upload itself takes).
 */
export function sampleRss(pid, everyMs = 20) {
  let peak = 0;
  let low = Infinity;
  let rise = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rss } = await memoryOf(pid).catch(() => ({ rss: NaN }));
      if (Number.isFinite(rss)) {
        peak = Math.max(peak, rss);
        low = Math.min(low, rss);
        rise = Math.max(rise, rss - low);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { peak, rise };
    },
  };
}

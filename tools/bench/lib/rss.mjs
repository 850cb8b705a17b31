// Memory of another process, read from /proc/<pid>/status (Linux).
import { readFile } from 'node:fs/promises';

export async function memoryOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') * 1024, hwm: kib('VmHWM') * 1024 };
}

/** Samples VmRSS every `everyMs` until stopped; `stop()` resolves with the peak seen. */
export function sampleRss(pid, everyMs = 20) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rss } = await memoryOf(pid).catch(() => ({ rss: 0 }));
      peak = Math.max(peak, rss);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

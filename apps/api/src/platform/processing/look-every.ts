import type { Logger } from 'pino';

/**
 * Runs `look` now and every `everyMs` after, never two at once: a look still running when the next
 * is due lets that one pass. A look that throws is logged at debug as `failed`, and the next one
 * tries again. The timer keeps no process alive. Returns a stop function.
 */
export function lookEvery(
  options: { everyMs: number; log: Logger; failed: string },
  look: () => Promise<void>,
): () => void {
  let running = false;
  const once = async () => {
    if (running) return;
    running = true;
    try {
      await look();
    } catch (error) {
      options.log.debug({ err: error }, options.failed);
    } finally {
      running = false;
    }
  };
  void once();
  const timer = setInterval(() => void once(), options.everyMs).unref();
  return () => clearInterval(timer);
}

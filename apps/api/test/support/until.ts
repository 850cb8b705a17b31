import { Status, type Video } from '@stream/proto';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Polls `probe` every 150 ms until it returns something other than undefined; a probe that throws
 * counts as not yet (a server still starting). Times out with the last error, if there was one.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const value = await Promise.resolve()
      .then(probe)
      .catch((error: unknown) => void (lastError = error));
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? `; last error: ${lastError.message}` : '';
      throw new Error(`timed out waiting for ${what}${cause}`);
    }
    await sleep(150);
  }
}

/**
 * The video once processing has ended (READY or FAILED), asking `client` until then; on a timeout
 * the error carries `output()`, what the server printed.
 */
export function untilProcessed(
  client: { getVideo(request: { videoId: string }): Promise<Video> },
  videoId: string,
  output: () => string,
): Promise<Video> {
  return until('the video to leave PROCESSING', async () => {
    const current = await client.getVideo({ videoId });
    return current.status === Status.PROCESSING ? undefined : current;
  }).catch((error: Error) => {
    throw new Error(`${error.message}; output:\n${output()}`);
  });
}

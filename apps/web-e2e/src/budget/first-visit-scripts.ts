import type { Page, Request } from 'playwright-core';

export interface DownloadedScript {
  path: string;
  /** The bytes that crossed the network (the response body as sent: gzip when the server compressed it). */
  bytes: number;
  encoding: string | undefined;
}

/**
 * Records every script `page` requests from now on; `settle()` waits for the network to go quiet
 * and returns what was downloaded, largest first.
 */
export function recordScripts(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requests.push(request);
  });
  return {
    async settle(): Promise<DownloadedScript[]> {
      await page.waitForLoadState('networkidle');
      const scripts = await Promise.all(
        requests.map(async (request) => {
          const response = await request.response();
          return {
            path: new URL(request.url()).pathname,
            bytes: (await request.sizes()).responseBodySize,
            encoding: response?.headers()['content-encoding'],
          };
        }),
      );
      return scripts.sort((a, b) => b.bytes - a.bytes);
    },
  };
}

export const totalBytes = (scripts: DownloadedScript[]) => scripts.reduce((sum, script) => sum + script.bytes, 0);

/** One line per script, for a failure message a person can act on. */
export const describeScripts = (scripts: DownloadedScript[]) =>
  scripts.map((s) => `${(s.bytes / 1000).toFixed(1).padStart(6)} kB ${s.encoding ?? 'identity'} ${s.path}`).join('\n');

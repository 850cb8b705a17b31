import type { BrowserContext, Page, Request } from 'playwright-core';

/** When each request of a watched context was sent, until it is answered or fails. */
const pending = new WeakMap<BrowserContext, Map<Request, number>>();

/**
 * Keeps the requests of `context` that have no answer yet, for harness/on-failure.ts: a page that
 * stalls then shows what it is waiting for (the API's log leaves out the app's own files, and a
 * request queued in the browser never reaches the API at all).
 */
export function watchRequests(context: BrowserContext): void {
  const sent = new Map<Request, number>();
  pending.set(context, sent);
  context.on('request', (request) => sent.set(request, Date.now()));
  const done = (request: Request) => sent.delete(request);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/**
 * The requests of `page` still unanswered, oldest first, as "GET /path (for 12.3 s)"; undefined
 * for a page whose context nobody watched (made without `newPage`).
 */
export function unansweredRequests(page: Page, now = Date.now()): string[] | undefined {
  const sent = pending.get(page.context());
  if (!sent) return undefined;
  return [...sent]
    .filter(([request]) => pageOf(request) === page)
    .sort(([, a], [, b]) => a - b)
    .map(([request, at]) => {
      const url = new URL(request.url());
      const where = url.origin === new URL(page.url()).origin ? `${url.pathname}${url.search}` : url.href;
      return `${request.method()} ${where.slice(0, 120)} (for ${((now - at) / 1000).toFixed(1)} s)`;
    });
}

/** A service worker's requests have no frame, hence no page. */
function pageOf(request: Request): Page | undefined {
  try {
    return request.frame().page();
  } catch {
    return undefined;
  }
}

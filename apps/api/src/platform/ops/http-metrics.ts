import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Counter, Gauge, Histogram } from 'prom-client';
import type { ApiMetrics } from './metrics';

/** Which routes count as uploads and as streams, by their route pattern. */
export interface MeteredRoutes {
  isUpload(url: string): boolean;
  isStream(url: string): boolean;
}

export const defaultMeteredRoutes: MeteredRoutes = {
  isUpload: (url) => url === '/api/videoservice/upload' || url.startsWith('/api/uploads'),
  isStream: (url) => url === '/api/videoservice/video/:id' || url === '/api/videoservice/thumbnail/:id',
};

type Hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

interface MethodSeries {
  seconds: Histogram.Internal<'route' | 'method'>;
  byStatus: Map<number, Counter.Internal>;
}

/**
 * Request counts and latencies per route (an RPC's route is its method path), and upload and
 * stream bytes and concurrency. The range requests of a playing video are the hottest path there
 * is, so the per-request work is a few map lookups, an increment and an observe: each route gets
 * its own hook that knows its label (reading `request.routeOptions` would build an object per
 * request), and the labelled children are made once per route, method and status (prom-client
 * would otherwise hash a label object on every call). Register before the routes: the hooks attach
 * to routes as they are added. Requests no route matched count under `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: ApiMetrics, routes = defaultMeteredRoutes): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const hooks: Hook[] = [];
    if (routes.isUpload(route.url)) hooks.push(trackUpload(metrics));
    else if (routes.isStream(route.url)) hooks.push(trackStream(metrics));
    if (hooks.length) route.onRequest = [...hooks, ...(route.onRequest ? [route.onRequest].flat() : [])];
    const count = counter(metrics, route.url);
    route.onResponse = [...(route.onResponse ? [route.onResponse].flat() : []), count];
  });
  const unmatched = counter(metrics, 'unmatched');
  app.addHook('onResponse', (request, reply, done) => (request.is404 ? unmatched(request, reply, done) : done()));
}

/** The onResponse hook of one route: counts the answer by method and status, observes its time. */
function counter(metrics: ApiMetrics, route: string): Hook {
  const count = answerCounter(metrics, route);
  return (request, reply, done) => {
    count(request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  };
}

/** Counts one route's answers by method and status and observes their time, from labelled children made once. */
function answerCounter(metrics: ApiMetrics, route: string): (method: string, status: number, seconds: number) => void {
  const byMethod = new Map<string, MethodSeries>();
  return (method, status, seconds) => {
    let entry = byMethod.get(method);
    if (!entry) {
      entry = { seconds: metrics.requestSeconds.labels(route, method), byStatus: new Map() };
      byMethod.set(method, entry);
    }
    let count = entry.byStatus.get(status);
    if (!count) {
      count = metrics.requests.labels(route, method, String(status));
      entry.byStatus.set(status, count);
    }
    count.inc();
    entry.seconds.observe(seconds);
  };
}

/**
 * What the hooks above count, for answers made outside Fastify on route `route` (the signed range
 * lane, videos/signed-range-lane.ts): call it as the body starts, and the function it returns once
 * the answer is over (its last byte handed to the kernel, or the response destroyed). It counts
 * the request, and for a stream route its bytes and concurrency as trackStream does. The lane
 * knows when its answer is over, so no 'close' listener is added per range request.
 */
export function meterAnswer(
  metrics: ApiMetrics,
  route: string,
  routes = defaultMeteredRoutes,
): (method: string, response: ServerResponse) => () => void {
  const count = answerCounter(metrics, route);
  const stream = routes.isStream(route);
  const closedEarly = metrics.closedEarly.labels('stream');
  return (method, response) => {
    const started = performance.now();
    if (stream) metrics.activeStreams.inc();
    return () => {
      if (stream) {
        metrics.activeStreams.dec();
        // Ended and not destroyed: every byte went out (a destroyed response was cut off).
        const whole = response.writableEnded && !response.destroyed;
        if (!whole) closedEarly.inc();
        const bytes = streamBytesSent(method, response, whole);
        if (bytes > 0) metrics.streamBytes.inc(bytes);
      }
      count(method, response.statusCode, (performance.now() - started) / 1000);
    };
  };
}

/**
 * Counts a request in `active` while its response is open, and once it closes adds to `total`
 * the bytes `bytes` finds (0: nothing to add).
 */
function trackOpen(
  active: Gauge,
  total: Counter,
  closedEarly: Counter.Internal,
  bytes: (request: FastifyRequest, reply: FastifyReply) => number,
): Hook {
  return (request, reply, done) => {
    active.inc();
    reply.raw.once('close', () => {
      active.dec();
      // The connection closed before the whole answer went out: the client left, or was cut off.
      if (!reply.raw.writableFinished) closedEarly.inc();
      const length = bytes(request, reply);
      if (length > 0) total.inc(length);
    });
    done();
  };
}

/** An upload's body bytes, once it was accepted (2xx). */
const trackUpload = (metrics: ApiMetrics) =>
  trackOpen(metrics.activeUploads, metrics.uploadBytes, metrics.closedEarly.labels('upload'), (request, reply) =>
    reply.raw.statusCode < 300 ? Number(request.headers['content-length']) : 0,
  );

/** A stream's body bytes, once all were sent. */
const trackStream = (metrics: ApiMetrics) =>
  trackOpen(metrics.activeStreams, metrics.streamBytes, metrics.closedEarly.labels('stream'), (request, reply) =>
    streamBytesSent(request.method, reply.raw),
  );

/**
 * The body bytes a stream answer sent: its whole length once all went out (`whole`; by default
 * once it finished), else 0; a HEAD sends none.
 */
const streamBytesSent = (
  method: string,
  response: { writableFinished: boolean; getHeader(name: string): unknown },
  whole = response.writableFinished,
) => (method === 'HEAD' || !whole ? 0 : Number(response.getHeader('content-length')));

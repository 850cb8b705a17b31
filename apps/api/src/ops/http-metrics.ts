import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Counter, Histogram } from 'prom-client';
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

interface MethodSeries {
  seconds: Histogram.Internal<'route' | 'method'>;
  byStatus: Map<number, Counter.Internal>;
}

/**
 * Request counts and latencies per route (an RPC's route is its method path), and upload and
 * stream bytes and concurrency. The per-request work is kept to map lookups and an observe: the
 * labelled children are made once per route, method and status and reused, because prom-client
 * otherwise hashes a label object on every call, and the range requests of a playing video are
 * the hottest path there is. Register before the routes: the upload and stream hooks attach to
 * those routes only as they are added.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: ApiMetrics, routes = defaultMeteredRoutes): void {
  const series = new Map<string, Map<string, MethodSeries>>();
  const seriesOf = (route: string, method: string): MethodSeries => {
    let byMethod = series.get(route);
    if (!byMethod) series.set(route, (byMethod = new Map()));
    let entry = byMethod.get(method);
    if (!entry) {
      entry = { seconds: metrics.requestSeconds.labels(route, method), byStatus: new Map() };
      byMethod.set(method, entry);
    }
    return entry;
  };

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const entry = seriesOf(route, request.method);
    let counter = entry.byStatus.get(reply.statusCode);
    if (!counter) {
      counter = metrics.requests.labels(route, request.method, String(reply.statusCode));
      entry.byStatus.set(reply.statusCode, counter);
    }
    counter.inc();
    entry.seconds.observe(reply.elapsedTime / 1000);
    done();
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const hook = routes.isUpload(route.url)
      ? trackUpload(metrics)
      : routes.isStream(route.url)
        ? trackStream(metrics)
        : undefined;
    if (!hook) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [hook, ...existing];
  });
}

type RequestHook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

/** Counts an upload while its request is open; its body's bytes once it was accepted (2xx). */
function trackUpload(metrics: ApiMetrics): RequestHook {
  return (request, reply, done) => {
    metrics.activeUploads.inc();
    reply.raw.once('close', () => {
      metrics.activeUploads.dec();
      const length = Number(request.headers['content-length']);
      if (reply.raw.statusCode < 300 && length > 0) metrics.uploadBytes.inc(length);
    });
    done();
  };
}

/** Counts a stream while its response is open; its body's bytes once all were sent. */
function trackStream(metrics: ApiMetrics): RequestHook {
  return (request, reply, done) => {
    metrics.activeStreams.inc();
    reply.raw.once('close', () => {
      metrics.activeStreams.dec();
      if (request.method === 'HEAD' || !reply.raw.writableFinished) return;
      const length = Number(reply.raw.getHeader('content-length'));
      if (length > 0) metrics.streamBytes.inc(length);
    });
    done();
  };
}

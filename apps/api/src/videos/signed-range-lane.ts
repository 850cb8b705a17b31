import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { CurrentLinkGenerations } from '../sharing';
import type { UrlSigner } from './url-signer';
import type { AssetVersion, MediaResource, OpenedAsset } from './video.service';
import { parseRange } from '../platform/http/byte-ranges';
import { isClientGone } from '../platform/http/client-gone';
import type { FirstLook } from '../platform/http/dual-protocol-server';
import type { RecentBlobKeys } from './recent-blob-keys';
import { PresetHeaders, sendPresetHeaders } from '../platform/http/preset-head';
import type { LogRequestLines } from '../platform/http/request-lines';
import type { SetSecurityHeaders } from '../platform/http/security-headers';
import { blobHeaders, signedUrlStanding, writeBlobBody } from './video-stream-answer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed range lane, when on (server.ts): how many requests it answered, for tests. */
    signedRangeLane?: { answered(): number };
  }
}

export interface SignedRangeLaneDeps {
  signer: UrlSigner;
  generations: CurrentLinkGenerations;
  /** The stream route's memory of which asset version a signed URL read (the same instance). */
  recentKeys: RecentBlobKeys<AssetVersion>;
  setSecurityHeaders: SetSecurityHeaders;
  /** The rate limits' check that refuses requests with credentials from an address (429). */
  credentialsRefused(ip: string): Promise<boolean>;
  /** Counts an answer of `route` as the route's hooks would (platform/ops/http-metrics.ts meterAnswer). */
  meter(route: string): (method: string, response: ServerResponse) => () => void;
  log: Pick<Logger, 'error' | 'debug'>;
  /** Fastify's request lines for each answer, when they are logged (request-lines.ts). */
  logRequestLines?: LogRequestLines;
  /** True once the server is stopping: Fastify then closes each connection after its answer. */
  stopping(): boolean;
}

/** The resources a player reads by ranges, path and all, with a query of nothing but plain characters. */
const LANE_URL = /^\/api\/videoservice\/(video|mp4|original)\/([A-Za-z0-9_-]{1,64})\?([^%+#]+)$/;
/** A signed URL's parameters (videos/video-links.ts); anything else goes through the route. */
const SIGNED_URL_PARAMETERS = new Set(['expires', 'signature', 'g', 'v']);
/**
 * Headers after which the route answers differently or has more to check: credentials, validators
 * (304, If-Range), a proxy's forwarding (the client's address and scheme), a body.
 */
const ROUTE_HEADERS = [
  'authorization',
  'x-share-token',
  'if-none-match',
  'if-modified-since',
  'if-range',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'content-length',
  'transfer-encoding',
];

/**
 * The range requests of a playing video, answered without the framework. Each is a GET
 * with a signed URL the route has already served: the signature, its generation and the asset
 * version it read are all in memory, and what is left is the system call that sends the bytes.
 * Going through Fastify's routing, hooks and reply cost more CPU per 1 MiB range than sending it.
 *
 * The lane answers only what it can answer exactly as the route does (stream.routes.ts, through the
 * same functions: stream-answer.ts): a current signed URL of a video, mp4 or original, whose asset
 * version the route remembered, with no validators, credentials or forwarding headers, a
 * satisfiable range or none, from an address the rate limits let in. Everything else (the first
 * request of a URL, a revoked or invalid one, a 416, a share link, a download, a proxy) is handed
 * to Fastify unchanged. It counts in the route's metrics, and sets the security headers the
 * onRequest hook sets, and logs Fastify's request lines when they are logged. It is off where
 * nginx sends the bytes (ACCEL_REDIRECT): each request there is an exchange Fastify must see.
 */
export function signedRangeLane(deps: SignedRangeLaneDeps): FirstLook & { answered: () => number } {
  const meters = new Map<MediaResource, (method: string, response: ServerResponse) => () => void>();
  const meterOf = (resource: MediaResource) => {
    let meter = meters.get(resource);
    if (!meter) meters.set(resource, (meter = deps.meter(`/api/videoservice/${resource}/:id`)));
    return meter;
  };
  const presetOf = presetHeadersOf(deps.setSecurityHeaders);
  let answered = 0;
  const look: FirstLook = (request, response, next) => {
    const parts = deps.stopping() ? undefined : laneRequest(request);
    if (!parts) return next();
    answer(parts, request, response, deps, meterOf, presetOf).then(
      (done) => {
        if (done) answered++;
        else next();
      },
      (error: unknown) => {
        if (response.headersSent) {
          if (isClientGone(error, request.socket))
            deps.log.debug({ err: error }, 'the client left during a signed range');
          else deps.log.error({ err: error }, 'the signed range lane failed');
          response.destroy();
          return;
        }
        // Nothing sent: the route takes the request from the start (and reports what fails again).
        for (const name of response.getHeaderNames()) response.removeHeader(name);
        response.statusCode = 200;
        next();
      },
    );
  };
  return Object.assign(look, { answered: () => answered });
}

interface LaneRequest {
  resource: MediaResource;
  videoId: string;
  query: Record<string, string>;
}

/** The request's resource, id and signed query when it is one the lane may answer; else undefined. */
function laneRequest(request: IncomingMessage): LaneRequest | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const match = LANE_URL.exec(request.url ?? '');
  if (!match) return undefined;
  const headers = request.headers;
  for (const name of ROUTE_HEADERS) if (headers[name] !== undefined) return undefined;
  const query: Record<string, string> = {};
  for (const pair of match[3]!.split('&')) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    // Fastify's parser makes a repeated name an array and an empty pair nothing: the route decides.
    if (equals < 0 || !SIGNED_URL_PARAMETERS.has(name) || name in query) return undefined;
    query[name] = pair.slice(equals + 1);
  }
  return { resource: match[1] as MediaResource, videoId: match[2]!, query };
}

/** Answers the request and resolves true, or resolves false having written nothing. */
async function answer(
  { resource, videoId, query }: LaneRequest,
  request: IncomingMessage,
  response: ServerResponse,
  deps: SignedRangeLaneDeps,
  meterOf: (resource: MediaResource) => (method: string, response: ServerResponse) => () => void,
  presetOf: (version: AssetVersion, blob: OpenedAsset) => PresetHeaders,
): Promise<boolean> {
  if ((await signedUrlStanding(resource, videoId, query, deps)) !== 'current') return false;
  if (await deps.credentialsRefused(request.socket.remoteAddress ?? '')) return false;
  // The route's key for this URL's version (stream.routes.ts findBlob).
  const version = deps.recentKeys.get(`${resource}/${videoId}/${query.v ?? ''}`);
  const blob = version && (await version.open());
  if (!version || !blob) return false;
  const range = parseRange(request.headers.range, blob.info.size);
  if (range.kind === 'unsatisfiable') return false;
  if (response.destroyed) return true; // the client left: nothing to answer

  deps.logRequestLines?.(request, response);
  sendPresetHeaders(response, presetOf(version, blob));
  const span = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
  response.setHeader('content-length', span ? span.end - span.start + 1 : blob.info.size);
  if (span) {
    response.statusCode = 206;
    response.setHeader('content-range', `bytes ${span.start}-${span.end}/${blob.info.size}`);
  }
  const answered = meterOf(resource)(request.method!, response);
  try {
    await writeBlobBody(blob, response, span, request.method === 'HEAD', { log: deps.log, resource, videoId });
  } finally {
    answered();
  }
  return true;
}

/**
 * The headers every answer of an asset version repeats, validated and formatted once (preset-head.ts):
 * the security headers the onRequest hook sets over plain HTTP (the lane answers no forwarded
 * request), then the version's blob headers, worked out again if its file's size, time or type changed.
 */
function presetHeadersOf(setSecurityHeaders: SetSecurityHeaders) {
  const security: [string, string][] = [];
  // Recorded from a response with nothing set, so what it removes is not there to remove.
  setSecurityHeaders(
    { setHeader: (name, value) => security.push([name, value]), removeHeader: () => undefined },
    false,
  );
  const known = new WeakMap<
    AssetVersion,
    { size: number; modified: number; contentType: string; preset: PresetHeaders }
  >();
  return (version: AssetVersion, blob: OpenedAsset): PresetHeaders => {
    const { size, lastModified } = blob.info;
    const seen = known.get(version);
    if (
      seen &&
      seen.size === size &&
      seen.modified === lastModified.getTime() &&
      seen.contentType === blob.contentType
    ) {
      return seen.preset;
    }
    const preset = new PresetHeaders([...security, ...blobHeaders(blob)]);
    known.set(version, { size, modified: lastModified.getTime(), contentType: blob.contentType, preset });
    return preset;
  };
}

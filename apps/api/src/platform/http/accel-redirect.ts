import type { FastifyRequest } from 'fastify';
import type { RangeRequest } from './byte-ranges';

/** The blob a reader may have, as the store names it for a web server in front (see BlobStore.handOff). */
export type HandOff = { kind: 'file'; key: string } | { kind: 'url'; url: URL };

/**
 * Relative path segments nginx serves as they are: no `.` first (no `..`, no hidden partial
 * files), no `%` (nginx does not decode an X-Accel-Redirect, and would escape it again on a proxy),
 * no `?`, `#`, backslash, space or control character.
 */
const SAFE_PATH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
/** A presigned query: the same characters and the percent escapes SigV4 writes. */
const SAFE_QUERY = /^[A-Za-z0-9._~%=&-]*$/;

/**
 * The X-Accel-Redirect target of `handOff` under the internal location `prefix`, or undefined
 * when nginx could not be trusted to read exactly that blob (a key or URL of another form): Node
 * then serves it as without ACCEL_REDIRECT. A file's key stays inside the location's directory.
 * A URL (the bucket) goes as `<prefix><span>/<path>?<query>`: the span the API decided
 * (`bytes=a-b`, or `whole`), which nginx sends the bucket as the Range, whatever the client wrote.
 */
export function accelTarget(
  prefix: string,
  handOff: HandOff,
  span?: { start: number; end: number },
): string | undefined {
  if (handOff.kind === 'file') return SAFE_PATH.test(handOff.key) ? prefix + handOff.key : undefined;
  const path = handOff.url.pathname.slice(1);
  const query = handOff.url.search.slice(1);
  if (!SAFE_PATH.test(path) || !SAFE_QUERY.test(query)) return undefined;
  const range = span ? `bytes=${span.start}-${span.end}` : 'whole';
  return `${prefix}${range}/${path}${query ? `?${query}` : ''}`;
}

/**
 * Whether nginx, given the client's own Range and If-Range headers, answers the span the API
 * decided: no Range header (the whole blob), or one well-formed range the API found satisfiable,
 * and no If-Range (the API's validators are not nginx's). Anything else (a malformed or
 * multi-range header the API serves whole, a range behind If-Range), and any request that did not
 * come through nginx, Node serves itself.
 */
export function nginxAgreesOn(request: FastifyRequest, range: RangeRequest): boolean {
  if (!cameThroughNginx(request)) return false;
  if (request.headers['if-range'] !== undefined) return false;
  return range.kind === 'partial' || request.headers.range === undefined;
}

/** The header nginx-locations.conf sets on every request it passes on (a client of the API alone has
 * no nginx to act on a redirect: it would get an empty 200 naming the blob). */
export const THROUGH_NGINX_HEADER = 'x-stream-accel';

function cameThroughNginx(request: FastifyRequest): boolean {
  return request.headers[THROUGH_NGINX_HEADER] === 'on';
}

/** The header nginx-locations.conf's `/_stream_decide` sets: nginx asks for a decision it may cache, not for bytes. */
export const DECISION_HEADER = 'x-stream-decide';

/** Whether nginx asks for a decision (see stream.routes.ts decide): only together with its X-Stream-Accel. */
export function wantsDecision(request: FastifyRequest): boolean {
  return cameThroughNginx(request) && request.headers[DECISION_HEADER] === 'on';
}

/**
 * The types nginx gives a blob it sends from a cached decision, by the key's extension: the
 * `types { }` block of `location /_stream_cached/` (docs/deploy/nginx-locations.conf) lists exactly
 * these. nginx sets the type from them rather than by `add_header Content-Type`, whose header stays
 * in the list when nginx turns the answer into its own 416 (two Content-Type headers, one text/html).
 * A blob whose extension gives another type than the API's is never decided by the cache.
 */
export const CACHED_DECISION_TYPES: Readonly<Record<string, string>> = {
  webm: 'video/webm',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

/** Whether nginx, naming the type of `key` by its extension, says what the API says: `contentType`. */
export function nginxTypesAgree(key: string, contentType: string): boolean {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return !!extension && CACHED_DECISION_TYPES[extension] === contentType;
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import type { TokenVerifier } from '../platform/auth/token-verifier';
import type { CurrentLinkGenerations } from '../sharing';
import type { UrlSigner } from './url-signer';
import { AppError } from '../platform/app-error';
import type { AssetVersion, MediaResource, OpenedAsset, VideoService } from './video.service';
import type { Authentication } from '../platform/auth/authenticate';
import type { Grant } from '../access';
import { attachmentDisposition } from '../platform/http/content-disposition';
import { RecentBlobKeys } from './recent-blob-keys';
import { accelTarget, nginxAgreesOn, nginxTypesAgree, wantsDecision } from '../platform/http/accel-redirect';
import { withQuery } from './hls-query';
import { parseRange } from '../platform/http/byte-ranges';
import { httpCaller, sendUnauthenticated } from '../platform/auth/http-auth';
import { passesOf, SHARE_PASS_HEADER } from '../sharing';
import { blobHeaders, signedUrlStanding, validatorsOf, writeBlobBody } from './video-stream-answer';

export interface StreamRoutesDeps {
  videos: VideoService;
  signer: UrlSigner;
  verifier: TokenVerifier;
  /** The current generation of each video's signed URLs: a URL of an older one was revoked. */
  generations: CurrentLinkGenerations;
  /** ACCEL_REDIRECT: nginx's internal location that sends what this route authorised. */
  accelRedirect?: string;
  /** Which asset version each signed URL read, shared with the signed range lane (a new memory if absent). */
  recentKeys?: RecentBlobKeys<AssetVersion>;
}

/** What the handlers share: the injected deps and this server's memory of signed URLs' asset versions. */
type StreamContext = StreamRoutesDeps & { recentKeys: RecentBlobKeys<AssetVersion> };

interface StreamRequest {
  Params: { id: string };
  Querystring: { expires?: string; signature?: string; g?: string; share?: string; download?: string; v?: string };
}

/**
 * GET/HEAD /api/videoservice/video/:id and /thumbnail/:id: bytes by ranges, with validators for
 * conditional requests. Authorised by the Authorization header, a signed URL, a share token
 * (`share`), or nothing for a public video.
 */
export function registerStreamRoutes(app: FastifyInstance, deps: StreamRoutesDeps) {
  const context: StreamContext = { ...deps, recentKeys: deps.recentKeys ?? new RecentBlobKeys<AssetVersion>() };
  for (const resource of ['video', 'thumbnail', 'original', 'storyboard', 'captions', 'mp4'] as const) {
    app.get<StreamRequest>(`/api/videoservice/${resource}/:id`, { exposeHeadRoute: true }, (request, reply) =>
      serve(downloadOf(resource, request), request, reply, context),
    );
  }
  // The HLS presentation, every file under one signature (see videos/video-links.ts hlsUrl).
  app.get<HlsRequest>('/api/videoservice/hls/:id/:file', { exposeHeadRoute: true }, async (request, reply) => {
    const file = /^(master|[0-2])\.(m3u8|mp4)$/.exec(request.params.file);
    if (!file || (file[1] === 'master' && file[2] === 'mp4'))
      return reply.code(404).send({ message: 'No such file in an HLS presentation' });
    if (file[2] === 'mp4') return serve(`hls-${file[1]}` as MediaResource, request, reply, context);
    return servePlaylist(file[1] === 'master' ? 'master' : Number(file[1]), request, reply, context);
  });
}

interface HlsRequest {
  Params: { id: string; file: string };
  Querystring: StreamRequest['Querystring'];
}

/**
 * The original's download (`?download=1`, the Download menu's "Original") gives the bytes that were
 * uploaded while processing keeps them (an MOV or MKV it had to encode); played (the editor's
 * source) it stays the unedited version a browser plays.
 */
const downloadOf = (resource: MediaResource, request: FastifyRequest<StreamRequest>): MediaResource =>
  resource === 'original' && request.query.download === '1' ? 'uploaded' : resource;

/**
 * A playlist of the video's HLS presentation (the master or rung `rung`'s), after the same checks
 * as the stream, with the request's own query (its signature) added to every address it names.
 */
async function servePlaylist(
  rung: 'master' | number,
  request: FastifyRequest<StreamRequest>,
  reply: FastifyReply,
  context: StreamContext,
) {
  const caller = await httpCaller(context.verifier, request, reply);
  if (!caller) return reply;
  const grant = await grantOf('hls', request, context);
  const blob = await findBlob('hls', request, reply, caller, grant, context);
  if (blob === 'answered') return reply;
  const chunks: Buffer[] = [];
  for await (const chunk of await blob.stream()) chunks.push(chunk as Buffer);
  const playlists = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { master: string; playlists: string[] };
  const text = rung === 'master' ? playlists.master : playlists.playlists[rung];
  if (text === undefined) return reply.code(404).send({ message: 'This video has no such rung' });
  // The access the playlist was read with, passed on (rebuilt from its parameters, nothing else echoed).
  const passed = (['expires', 'signature', 'g', 'v', 'share'] as const).flatMap((name) => {
    const value = request.query[name];
    return typeof value === 'string' ? [`${name}=${encodeURIComponent(value)}`] : [];
  });
  const query = passed.length > 0 ? `?${passed.join('&')}` : '';
  return reply
    .header('cache-control', 'private, no-cache')
    .type('application/vnd.apple.mpegurl')
    .send(withQuery(text, query));
}

async function serve(
  resource: MediaResource,
  request: FastifyRequest<StreamRequest>,
  reply: FastifyReply,
  context: StreamContext,
) {
  const { verifier } = context;
  if (context.accelRedirect && wantsDecision(request)) return decide(resource, request, reply, context);
  const caller = await httpCaller(verifier, request, reply);
  if (!caller) return reply;
  const grant = await grantOf(resource, request, context);
  const blob = await findBlob(resource, request, reply, caller, grant, context);
  if (blob === 'answered') return reply;
  const { info } = blob;
  const { etag, lastModified } = validatorsOf(info);
  for (const [name, value] of blobHeaders(blob)) reply.header(name, value);
  if (['video', 'mp4', 'uploaded'].includes(resource) && request.query.download === '1') {
    const video = await context.videos.readable(
      caller.kind === 'user' ? caller.user : undefined,
      request.params.id,
      grant,
    );
    reply.header('content-disposition', attachmentDisposition(video.title, extensionOf(blob.contentType)));
  }

  // If-None-Match (weak comparison), else If-Modified-Since (RFC 9110 §13.2.2). Only those two:
  // fresh would also refuse a request with `Cache-Control: no-cache`, a cache directive an origin
  // server does not apply, and which fetch() adds to every request that carries a validator.
  const conditions = {
    'if-none-match': request.headers['if-none-match'],
    'if-modified-since': request.headers['if-modified-since'],
  };
  if (fresh(conditions, { etag, 'last-modified': lastModified })) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const rangeApplies = !ifRange || ifRange === etag || ifRange === lastModified;
  const range = parseRange(rangeApplies ? request.headers.range : undefined, info.size);
  if (range.kind === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${info.size}`).send();
  }
  // Behind nginx: everything above was checked here, and nginx sends the same span of the same
  // blob (the client's Range, which it applies, is the one just found satisfiable).
  const span = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
  if (context.accelRedirect && blob.handOff && nginxAgreesOn(request, range)) {
    const target = accelTarget(context.accelRedirect, await blob.handOff(), span);
    // nginx adds its own Accept-Ranges; the rest of these headers survive the redirect or are
    // carried over by the internal location (docs/deploy/nginx-locations.conf).
    if (target) return reply.removeHeader('accept-ranges').header('x-accel-redirect', target).send();
  }
  const length = span ? span.end - span.start + 1 : info.size;
  reply.header('content-length', length);
  if (span) reply.code(206).header('content-range', `bytes ${span.start}-${span.end}/${info.size}`);
  // The headers set on the reply go out as they are, and the store writes the body itself from
  // buffers it reuses (Fastify would also recount a HEAD's Content-Length from no body).
  reply.hijack();
  const response = reply.raw;
  response.statusCode = reply.statusCode;
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) response.setHeader(name, value);
  await writeBlobBody(blob, response, span, request.method === 'HEAD', {
    log: request.log,
    resource,
    videoId: request.params.id,
  });
  return reply;
}

/**
 * nginx's question for its short cache of decisions (docs/deploy/nginx-locations.conf,
 * `/_stream_decide`): may anyone holding this very signed URL read the blob, whatever their Range?
 * 200 with `X-Stream-Blob` (the blob's key under DATA_DIR/blobs), its type and validators, only
 * for a valid signed URL of the current generation whose blob is a file nginx can read; anything
 * else 204, and nginx passes the request to the API as without the cache (which answers 401, 404,
 * a download, S3). Never an error status: the answer is cached by URL alone, and only this one.
 */
async function decide(
  resource: MediaResource,
  request: FastifyRequest<StreamRequest>,
  reply: FastifyReply,
  context: StreamContext,
) {
  reply.header('cache-control', 'private, no-cache');
  const grant = await grantOf(resource, request, context);
  if (!grant.signedUrl || request.query.download !== undefined) return reply.code(204).send();
  const blob = await findBlob(resource, request, reply, { kind: 'anonymous' }, grant, context, 'quietly');
  if (blob === 'answered' || !blob.handOff) return reply.code(204).send();
  const handOff = await blob.handOff();
  if (handOff.kind !== 'file' || !accelTarget('', handOff)) return reply.code(204).send();
  if (!nginxTypesAgree(handOff.key, blob.contentType)) return reply.code(204).send();
  const { info } = blob;
  return reply
    .code(200)
    .header('x-stream-blob', handOff.key)
    .header('etag', validatorsOf(info).etag)
    .header('last-modified', validatorsOf(info).lastModified)
    .type(blob.contentType)
    .send();
}

/**
 * What the query holds besides a signed-in user: a signed URL for this resource that is still
 * valid, a share token. `revoked`: the URL was signed here but for an older generation (the owner
 * made the video private, or reset or shortened its link, since).
 */
async function grantOf(
  resource: MediaResource,
  request: FastifyRequest<StreamRequest>,
  context: StreamContext,
): Promise<Grant & { revoked: boolean }> {
  const { share } = request.query;
  const shareToken = typeof share === 'string' ? share : undefined;
  const passes = shareToken
    ? passesOf(request.headers.cookie, request.headers[SHARE_PASS_HEADER] as string | undefined)
    : [];
  const standing = await signedUrlStanding(resource, request.params.id, request.query, context);
  return { shareToken, passes, signedUrl: standing === 'current', revoked: standing === 'revoked' };
}

/**
 * The asset a request may read, or 'answered' once the reply says why not (401, 404). A signed URL
 * seen lately goes straight to its asset version; anything else, or a version that is gone, asks
 * the video service, which applies the access rules.
 */
async function findBlob(
  resource: MediaResource,
  request: FastifyRequest<StreamRequest>,
  reply: FastifyReply,
  caller: Exclude<Authentication, { kind: 'invalid' }>,
  grant: Grant & { revoked: boolean },
  { videos, recentKeys }: StreamContext,
  /** 'quietly': a refusal answers nothing (the caller answers), 'answered' all the same. */
  refusals: 'reply' | 'quietly' = 'reply',
): Promise<OpenedAsset | 'answered'> {
  const { id } = request.params;
  const signedUrl = grant.signedUrl;
  // The version a URL names (`v`, see videos/video-links.ts) keeps an edit's new URL off the old version.
  const cacheKey = `${resource}/${id}/${request.query.v ?? ''}`;
  const recent = signedUrl ? recentKeys.get(cacheKey) : undefined;
  if (recent) {
    const blob = await recent.open();
    if (blob) return blob;
    recentKeys.forget(cacheKey);
  }

  let blob;
  try {
    blob = await videos.openMedia(caller.kind === 'user' ? caller.user : undefined, id, resource, grant);
  } catch (error) {
    if (!(error instanceof AppError) || (error.kind !== 'unauthenticated' && error.kind !== 'not_found')) throw error;
    if (refusals === 'quietly') return 'answered';
    // A revoked URL's holder is told the video is gone, as for a deleted one: a valid signature
    // names this very id, and a 401 would count as a failed sign-in on every range request.
    if (error.kind === 'unauthenticated' && !grant.revoked) sendUnauthenticated(reply, error.message);
    else reply.code(404).send({ message: 'Video not found' });
    return 'answered';
  }
  if (!blob) {
    if (refusals === 'quietly') return 'answered';
    reply.code(404).send({ message: `This video has no ${resource} yet` });
    return 'answered';
  }
  if (signedUrl) recentKeys.set(cacheKey, blob.version);
  return blob;
}

/** The file name extension a download of `contentType` takes. */
function extensionOf(contentType: string): string {
  return { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/x-matroska': 'mkv' }[contentType] ?? 'webm';
}

import type { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import type { Logger } from 'pino';
import type { BlobInfo } from '../platform/storage/blob-store';
import type { SignedResource, UrlSigner } from './url-signer';
import type { CurrentLinkGenerations } from '../sharing';
import { MediaGoneError, type MediaResource, type OpenedAsset } from './video.service';
import { isClientGone } from '../platform/http/client-gone';

/**
 * What a stream answer is made of, shared by the stream route (stream.routes.ts) and the signed
 * range lane (signed-range-lane.ts), so both check a signed URL and answer its bytes alike.
 */

/**
 * The access rules' signature of each resource: every file of an HLS presentation is signed as
 * 'hls', the upload's own bytes as the 'original' they are downloaded through.
 */
export const signedAs = (resource: MediaResource): SignedResource =>
  (resource.startsWith('hls') ? 'hls' : resource === 'uploaded' ? 'original' : resource) as SignedResource;

/** The parts of a query a signed URL is made of (anything but a string counts as absent). */
export interface SignedUrlQuery {
  expires?: unknown;
  signature?: unknown;
  g?: unknown;
}

/**
 * A signed URL's standing: `current` (valid, of the video's current generation), `revoked` (signed
 * here, but for an older generation: the owner made the video private, or reset or shortened its
 * link, since) or `invalid` (no signature, a wrong or expired one).
 */
export async function signedUrlStanding(
  resource: MediaResource,
  videoId: string,
  { expires, signature, g }: SignedUrlQuery,
  { signer, generations }: { signer: UrlSigner; generations: CurrentLinkGenerations },
): Promise<'current' | 'revoked' | 'invalid'> {
  const generation = g === undefined ? 0 : typeof g === 'string' && /^\d{1,9}$/.test(g) ? Number(g) : -1;
  if (!signer.verify(signedAs(resource), videoId, expires, signature, generation)) return 'invalid';
  return (await generations.current(videoId)) === generation ? 'current' : 'revoked';
}

/** A blob's validators, as every answer with its bytes carries them. */
export function validatorsOf(info: BlobInfo): { etag: string; lastModified: string } {
  return {
    etag: `"${info.size.toString(16)}-${info.lastModified.getTime().toString(16)}"`,
    lastModified: info.lastModified.toUTCString(),
  };
}

/** The headers of an answer with a blob's bytes, before its length and range. */
export function blobHeaders(blob: OpenedAsset): [string, string][] {
  const { etag, lastModified } = validatorsOf(blob.info);
  return [
    ['accept-ranges', 'bytes'],
    ['etag', etag],
    ['last-modified', lastModified],
    ['cache-control', 'private, no-cache'],
    ['content-type', blob.contentType],
  ];
}

/**
 * Writes the body of an answer whose headers are set (a HEAD or an empty span: none) and ends it.
 * A blob gone before the first byte is a 404; a failure after it cuts the connection, since a
 * client must not take a short body for the whole.
 */
export async function writeBlobBody(
  blob: OpenedAsset,
  response: ServerResponse | Http2ServerResponse,
  span: { start: number; end: number } | undefined,
  head: boolean,
  failure: { log: Pick<Logger, 'error' | 'debug'>; resource: MediaResource; videoId: string },
): Promise<void> {
  const length = span ? span.end - span.start + 1 : blob.info.size;
  if (head || length === 0) {
    response.end();
    return;
  }
  try {
    await blob.writeTo(response, span);
  } catch (error) {
    if (error instanceof MediaGoneError && !response.headersSent) {
      answerGone(response, `This ${failure.resource} has just been replaced or deleted`);
    } else if (!response.destroyed) {
      const gone = isClientGone(error, response.socket);
      failure.log[gone ? 'debug' : 'error'](
        { err: error },
        gone
          ? `the client left while streaming ${failure.resource} ${failure.videoId}`
          : `streaming ${failure.resource} ${failure.videoId} failed`,
      );
      response.destroy();
    }
  }
}

/** 404 for a blob that vanished between its lookup and its first byte (headers not yet sent). */
export function answerGone(response: ServerResponse | Http2ServerResponse, message: string) {
  for (const name of response.getHeaderNames()) response.removeHeader(name);
  response.statusCode = 404;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.end(JSON.stringify({ message }));
}

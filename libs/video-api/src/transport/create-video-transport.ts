import { Code, ConnectError, type Interceptor, type Transport } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import { takePageShareGrant } from './page-share-grant';
import { requestTimeoutMs } from './request-timeout';

export type GetToken = () => string | undefined | Promise<string | undefined>;

export interface VideoTransportOptions {
  /** Origin (and optional path prefix) of the API; RPCs go to `<baseUrl>/videoservice.VideoService/{Method}`. */
  baseUrl: string;
  /** Returns the current ID token; the app injects it (video-api never imports auth). */
  getToken: GetToken;
  /**
   * Deadline of each call in ms, sent to the server as `grpc-timeout`. The client gives up
   * itself at max(1000, 1.1 × deadline) (docs/product.md, Limits). Omit for no deadline.
   */
  deadlineMs?: number;
  /** fetch to use (tests, or a fetch with credentials). Defaults to globalThis.fetch at call time. */
  fetch?: typeof globalThis.fetch;
  /** A pass through a share link's gate, sent as `x-share-pass` on every call (an embed's grant). */
  sharePass?: string;
}

/** Header the server reads a share link's pass from when no cookie carries it. */
export const SHARE_PASS_HEADER = 'x-share-pass';

/** Adds `authorization: Bearer <token>` when a token is known; sends nothing otherwise. */
export function bearerInterceptor(getToken: GetToken): Interceptor {
  return (next) => async (req) => {
    const token = await getToken();
    if (token) req.header.set('authorization', `Bearer ${token}`);
    return next(req);
  };
}

const sharePassInterceptor =
  (pass: string): Interceptor =>
  (next) =>
  (req) => {
    req.header.set(SHARE_PASS_HEADER, pass);
    return next(req);
  };

/** The app's transport: createVideoTransport with the grant this page was served with, if any (an unlocked embed). */
export function createPageVideoTransport(options: Omit<VideoTransportOptions, 'sharePass'>): Transport {
  const sharePass = takePageShareGrant();
  return createVideoTransport({ ...options, ...(sharePass ? { sharePass } : {}) });
}

/**
 * The browser's transport to the video service: gRPC-web (binary framing, see README for why not
 * the spec's grpc-web-text) with the session's token on every call. Create one per app.
 */
export function createVideoTransport(options: VideoTransportOptions): Transport {
  const baseFetch = withCodedFailures(
    keepingBeaconsAlive(options.fetch ?? ((input, init) => globalThis.fetch(input, init))),
  );
  const { deadlineMs } = options;
  return createGrpcWebTransport({
    baseUrl: options.baseUrl,
    useBinaryFormat: true,
    interceptors: [
      bearerInterceptor(options.getToken),
      ...(options.sharePass ? [sharePassInterceptor(options.sharePass)] : []),
    ],
    defaultTimeoutMs: deadlineMs,
    fetch: deadlineMs === undefined ? baseFetch : withRequestTimeout(baseFetch, requestTimeoutMs(deadlineMs)),
  });
}

/**
 * A playback report is sent as the page goes away (pagehide, a tab closed after 3 s): an ordinary
 * fetch is cancelled with the page and the viewer counted as having watched nothing. `keepalive`
 * lets the browser finish it (the body is a small Uint8Array, well under keepalive's 64 KiB).
 */
function keepingBeaconsAlive(fetchImpl: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return fetchImpl(input, url.endsWith('/RecordPlayback') ? { ...init, keepalive: true } : init);
  };
}

function withRequestTimeout(fetchImpl: typeof globalThis.fetch, timeoutMs: number): typeof globalThis.fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetchImpl(input, { ...init, signal });
  };
}

/**
 * Turns transport failures into coded errors. fetch rejects with a bare TypeError when the server
 * cannot be reached; connect would call that `unknown`. Say `unavailable` so the person is told
 * to check the connection and retry.
 */
function withCodedFailures(fetchImpl: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await fetchImpl(input, init);
    } catch (error) {
      if (error instanceof TypeError && !init?.signal?.aborted) {
        throw new ConnectError(
          `cannot reach the video service: ${error.message}`,
          Code.Unavailable,
          undefined,
          undefined,
          error,
        );
      }
      throw error;
    }
    // A proxy or the SPA fallback answering 200 text/html would otherwise fail deep in the
    // envelope parser with a cryptic message; grpc-web clients name this case.
    const contentType = response.headers.get('content-type') ?? '';
    if (response.ok && !contentType.startsWith('application/grpc-web')) {
      await response.body?.cancel();
      throw new ConnectError(`Unknown Content-type received: ${contentType || '(none)'}`, Code.Unknown);
    }
    return response;
  };
}

import type { GetToken } from '../transport/create-video-transport';
import { QUOTA_EXCEEDED, uploadMessages, type UploadFailureCode } from '../upload/upload-messages';
import { waitToRetry, type Backoff, type OnlineSignal } from './retry-wait';

/**
 * The product's resumable uploads (tus 1.0 at /api/uploads/, docs/architecture.md): a recording is
 * created before its length is known (Upload-Defer-Length), appended to as it is made, and the last
 * PATCH declares the length. The protocol's few requests with fetch, not tus-js-client: an upload
 * that grows while it is sent is the one case that library does not fit.
 */
export const resumableUploadsPath = '/api/uploads/';
/** The id of the video an upload makes, answered on creation and on every HEAD/PATCH. */
export const videoIdHeader = 'stream-video-id';
/** Why a request was refused when its status alone does not say (`quota_exceeded`: a 413 that is not about size). */
export const refusalHeader = 'stream-refusal';

/**
 * A resumable upload's failure: `quota-exceeded` is a 413 with Stream-Refusal: quota_exceeded, and
 * `failed` the server failing (5xx) past the attempts allowed.
 */
export type ResumableErrorCode =
  | UploadFailureCode
  /** The server no longer has the upload (expired, its node gone, deleted): start a new one from the local copy. */
  | 'gone'
  /** The server refused the bytes for good (not WebM, a finished upload). */
  | 'refused';

export class ResumableUploadError extends Error {
  constructor(
    readonly code: ResumableErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ResumableUploadError';
  }
}

/** Where an upload lives, enough to resume it after a reload. */
export interface UploadRef {
  readonly url: string;
  readonly videoId: string;
}

export interface ResumableUpload extends UploadRef {
  /** Bytes the server has acknowledged. */
  readonly offset: number;
  readonly finished: boolean;
  /**
   * Sends `bytes`, which continue the upload at `from` (default: the acknowledged offset), retrying
   * through network loss and server errors; resolves once the server holds them. Bytes the server
   * already holds are skipped.
   */
  append(bytes: Blob, from?: number): Promise<void>;
  /** Declares the length (everything appended so far) and ends the upload; the video then processes. */
  finish(): Promise<void>;
  /** Gives the upload up on the server (its video goes). */
  discard(): Promise<void>;
}

export interface ResumableClientOptions {
  /** Origin (and optional path prefix) of the API; '' for the page's own origin. */
  baseUrl?: string;
  getToken: GetToken;
  fetch?: typeof fetch;
  /** Defaults to navigator.onLine and the window's `online` event. */
  online?: OnlineSignal;
  backoff?: Partial<Backoff>;
  /** Server errors (5xx, 429) in a row before giving up; the network being down never counts. Default 8. */
  maxServerErrors?: number;
  /** The acknowledged offset after every change. */
  onProgress?(offset: number): void;
  /** `offline` while requests cannot reach the server, `online` once one does again. */
  onConnectivity?(state: 'online' | 'offline'): void;
  signal?: AbortSignal;
}

export interface ResumableClient {
  create(metadata?: { title?: string }): Promise<ResumableUpload>;
  /** The upload at `ref`, at the offset the server holds (HEAD). */
  resume(ref: UploadRef): Promise<ResumableUpload>;
}

const defaultBackoff: Backoff = { minMs: 500, maxMs: 30_000 };

export function createResumableClient(options: ResumableClientOptions): ResumableClient {
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const backoff = { ...defaultBackoff, ...options.backoff };
  const online = options.online ?? browserOnline();
  const maxServerErrors = options.maxServerErrors ?? 8;
  let reachable = true;

  const reached = (yes: boolean) => {
    if (yes === reachable) return;
    reachable = yes;
    options.onConnectivity?.(yes ? 'online' : 'offline');
  };

  /**
   * One request, repeated through network loss (forever, waiting for the connection) and server
   * errors (up to maxServerErrors); any other answer is returned.
   */
  async function request(url: string, init: { method: string; headers?: Record<string, string>; body?: Blob }) {
    let serverErrors = 0;
    let unauthorized = 0;
    for (let attempt = 0; ; attempt++) {
      if (options.signal?.aborted) throw new ResumableUploadError('aborted', 'The upload was cancelled');
      let response: Response | undefined;
      try {
        const token = await options.getToken();
        response = await doFetch(url, {
          method: init.method,
          headers: {
            'tus-resumable': '1.0.0',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...init.headers,
          },
          ...(init.body ? { body: init.body } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        if (options.signal?.aborted) throw new ResumableUploadError('aborted', 'The upload was cancelled');
        reached(false); // a request cut off mid-body may have left part of it: the retry's 409 says how much
        void error;
      }
      if (response) {
        reached(true);
        const status = response.status;
        // A token that expired in flight: the next getToken refreshes it.
        if (status === 401 && ++unauthorized < 3) continue;
        if (status < 500 && status !== 429) return response;
        if (++serverErrors >= maxServerErrors)
          throw new ResumableUploadError('failed', `The server kept failing (status ${status})`, status);
      }
      await waitToRetry(attempt, backoff, online, options.signal);
    }
  }

  function refusal(response: Response): ResumableUploadError {
    const status = response.status;
    if (status === 404 || status === 410) return new ResumableUploadError('gone', 'The upload is gone', status);
    if (status === 401) return new ResumableUploadError('unauthenticated', 'Session expired', status);
    if (status === 413 && response.headers.get(refusalHeader) === QUOTA_EXCEEDED)
      return new ResumableUploadError('quota-exceeded', uploadMessages.quotaExceeded, status);
    if (status === 413) return new ResumableUploadError('too-large', 'The recording is too large', status);
    return new ResumableUploadError('refused', `The server refused the upload (status ${status})`, status);
  }

  async function head(url: string): Promise<{ offset: number; length?: number }> {
    const response = await request(url, { method: 'HEAD' });
    if (response.status !== 200) throw refusal(response);
    const offset = Number(response.headers.get('upload-offset'));
    const length = response.headers.get('upload-length');
    if (!Number.isSafeInteger(offset) || offset < 0) throw new ResumableUploadError('refused', 'No Upload-Offset');
    return { offset, ...(length !== null ? { length: Number(length) } : {}) };
  }

  function upload(ref: UploadRef, start: number, finishedAt?: number): ResumableUpload {
    let offset = start;
    let finished = finishedAt !== undefined;
    const advance = (to: number) => {
      if (to === offset) return;
      offset = to;
      options.onProgress?.(offset);
    };
    /** Asks the server where it stands after a request whose outcome is unknown or refused. */
    const sync = async () => {
      const state = await head(ref.url);
      advance(state.offset);
      if (state.length !== undefined && state.length === state.offset) finished = true;
    };

    async function patch(bytes: Blob, from: number, length?: number) {
      const end = from + bytes.size;
      for (;;) {
        if (offset < from) throw new ResumableUploadError('gone', `The server holds ${offset} bytes, not ${from}`);
        if (offset > end) throw new ResumableUploadError('refused', `The server holds more than was sent`);
        if (offset === end && length === undefined) return;
        if (finished) return;
        const response = await request(ref.url, {
          method: 'PATCH',
          headers: {
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
            ...(length !== undefined ? { 'upload-length': String(length) } : {}),
          },
          body: bytes.slice(offset - from),
        });
        if (response.status === 204) {
          advance(Number(response.headers.get('upload-offset') ?? offset));
          if (length !== undefined && offset === length) finished = true;
          continue;
        }
        // 409: another request moved it (or ours landed unanswered); 403 may mean finished already.
        if (response.status === 409 || response.status === 403) {
          await sync();
          if (response.status === 403 && !finished) throw refusal(response);
          continue;
        }
        throw refusal(response);
      }
    }

    return {
      ...ref,
      get offset() {
        return offset;
      },
      get finished() {
        return finished;
      },
      async append(bytes, from = offset) {
        if (finished) throw new ResumableUploadError('refused', 'The upload is finished');
        await patch(bytes, from);
      },
      async finish() {
        if (finished) return;
        await patch(new Blob([]), offset, offset);
      },
      async discard() {
        const response = await request(ref.url, { method: 'DELETE' });
        if (response.status !== 204 && response.status !== 404) throw refusal(response);
      },
    };
  }

  return {
    async create(metadata = {}) {
      const title = metadata.title ? `title ${base64(metadata.title)}` : undefined;
      const response = await request(`${base}${resumableUploadsPath}`, {
        method: 'POST',
        headers: { 'upload-defer-length': '1', ...(title ? { 'upload-metadata': title } : {}) },
      });
      const location = response.headers.get('location');
      const videoId = response.headers.get(videoIdHeader);
      if (response.status !== 201) throw refusal(response);
      if (!location || !videoId) throw new ResumableUploadError('refused', 'The server named no upload');
      return upload({ url: new URL(location, `${base || globalThis.location?.origin}/`).toString(), videoId }, 0);
    },
    async resume(ref) {
      const state = await head(ref.url);
      const done = state.length !== undefined && state.length === state.offset;
      return upload(ref, state.offset, done ? state.length : undefined);
    },
  };
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function browserOnline(): OnlineSignal {
  return {
    isOnline: () => globalThis.navigator?.onLine ?? true,
    onOnline(listener) {
      globalThis.addEventListener?.('online', listener);
      return () => globalThis.removeEventListener?.('online', listener);
    },
  };
}

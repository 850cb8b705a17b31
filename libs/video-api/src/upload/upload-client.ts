import type { GetToken } from '../transport/create-video-transport';
import { QUOTA_EXCEEDED, statusFailure, uploadMessages, type UploadFailureCode } from './upload-messages';

/**
 * The recording upload (docs/product.md, Calls): POST <baseUrl>/api/videoservice/upload, multipart with one
 * file field `video` named `recording.webm`, `authorization: Bearer <token>`. XMLHttpRequest, not
 * fetch: fetch reports no upload progress.
 */

export const uploadPath = '/api/videoservice/upload';
export const uploadFieldName = 'video';
export const uploadFileName = 'recording.webm';

/** A whole-file upload's failure; for `quota-exceeded` the message is the server's. */
export type UploadErrorCode = UploadFailureCode | 'offline' | 'busy';

export type UploadResult =
  | {
      readonly ok: true;
      readonly status: number;
      /** What the page shows: 'Video uploaded successfully!'. */
      readonly message: string;
      /** The `message` of the server's JSON answer, if it sent one. */
      readonly serverMessage?: string;
      /** The new video's id, from the server's `{ video: { id } }`. */
      readonly videoId?: string;
    }
  | {
      readonly ok: false;
      readonly code: UploadErrorCode;
      /** What the page shows (docs/product.md, Messages, word for word). */
      readonly message: string;
      /** For logs: 'Upload failed with status: N', or what went wrong before a status. */
      readonly detail: string;
      readonly status?: number;
      readonly serverMessage?: string;
    };

export interface UploadOptions {
  /** 0–100, whole numbers, as the bytes leave the browser. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
  /**
   * The upload's Idempotency-Key. By default each recording (Blob) gets one, sent again with every
   * retry of it, so a retry whose first answer was lost gets the video stored then, not a copy.
   */
  idempotencyKey?: string;
}

/** The key of each recording this page uploaded (see UploadOptions.idempotencyKey). */
const recordingKeys = new WeakMap<Blob, string>();

/** A random key; getRandomValues, since randomUUID exists only on https and localhost. */
function newUploadKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The Idempotency-Key of `recording`: the same one for every upload of the same Blob. */
export function uploadKeyOf(recording: Blob): string {
  let key = recordingKeys.get(recording);
  if (!key) {
    key = newUploadKey();
    recordingKeys.set(recording, key);
  }
  return key;
}

export interface UploadClient {
  upload(recording: Blob, options?: UploadOptions): Promise<UploadResult>;
  /** True while an upload runs; a second upload meanwhile answers `busy` and sends nothing. */
  readonly isUploading: boolean;
}

export interface UploadClientOptions {
  /** Origin (and optional path prefix) of the API; '' for the page's own origin. */
  baseUrl?: string;
  /** The session's ID token; the app injects it (video-api never imports auth). */
  getToken: GetToken;
  /** Defaults to `new XMLHttpRequest()`; tests inject their own. */
  createXhr?: () => XMLHttpRequest;
  /** Defaults to `navigator.onLine`. */
  isOnline?: () => boolean;
}

export function createUploadClient(options: UploadClientOptions): UploadClient {
  const url = `${(options.baseUrl ?? '').replace(/\/+$/, '')}${uploadPath}`;
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine ?? true);
  let uploading = false;

  async function send(recording: Blob, { onProgress, signal, idempotencyKey }: UploadOptions): Promise<UploadResult> {
    if (!isOnline()) return failure('offline', 'navigator.onLine is false');
    let token: string | undefined;
    try {
      token = await options.getToken();
    } catch (error) {
      // Refreshing the token needs the network: without it, the person is offline, not signed out.
      const reason = `getToken failed: ${error instanceof Error ? error.message : String(error)}`;
      return failure(isOnline() ? 'failed' : 'offline', reason);
    }
    if (signal?.aborted) return failure('aborted', 'aborted before sending');

    const body = new FormData();
    // A File carries the name itself (some FormData implementations drop the third argument).
    body.append(uploadFieldName, new File([recording], uploadFileName, { type: recording.type }), uploadFileName);

    return new Promise<UploadResult>((resolve) => {
      const xhr = createXhr();
      const onAbort = () => xhr.abort();
      const finish = (result: UploadResult) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      xhr.open('POST', url);
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.setRequestHeader('idempotency-key', idempotencyKey ?? uploadKeyOf(recording));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(percent(event.loaded, event.total));
      };
      xhr.onload = () => {
        const answer = parseAnswer(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress?.(100);
          finish({
            ok: true,
            status: xhr.status,
            message: uploadMessages.success,
            ...(answer.message !== undefined ? { serverMessage: answer.message } : {}),
            ...(answer.videoId !== undefined ? { videoId: answer.videoId } : {}),
          });
        } else {
          finish(statusResult(xhr.status, answer.message, answer.code));
        }
      };
      // A request that never got an answer: the network is down or the server unreachable.
      xhr.onerror = () => finish(failure('offline', 'network error'));
      xhr.ontimeout = () => finish(failure('failed', 'timed out'));
      xhr.onabort = () => finish(failure('aborted', 'aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(body);
    });
  }

  return {
    get isUploading() {
      return uploading;
    },
    async upload(recording, uploadOptions = {}) {
      if (uploading) return failure('busy', 'an upload is already running');
      uploading = true;
      try {
        return await send(recording, uploadOptions);
      } catch (error) {
        return failure('failed', error instanceof Error ? error.message : String(error));
      } finally {
        uploading = false;
      }
    },
  };
}

function percent(loaded: number, total: number): number {
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/** The answer is read as text and, if not empty, parsed as JSON for `message` (and the new video's id). */
export function parseAnswer(text: string): { message?: string; videoId?: string; code?: string } {
  if (!text.trim()) return {};
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== 'object' || json === null) return {};
    const { message, video, code } = json as { message?: unknown; video?: { id?: unknown }; code?: unknown };
    return {
      ...(typeof message === 'string' ? { message } : {}),
      ...(typeof code === 'string' ? { code } : {}),
      ...(typeof video?.id === 'string' && video.id ? { videoId: video.id } : {}),
    };
  } catch {
    return {};
  }
}

/** docs/product.md, Messages: a non-OK status is 'Upload failed with status: N'; 413 and 401 have their own words. */
export function statusResult(status: number, serverMessage?: string, refusal?: string): UploadResult {
  if (status === 413 && refusal === QUOTA_EXCEEDED)
    return {
      ok: false,
      code: 'quota-exceeded',
      message: serverMessage ?? uploadMessages.quotaExceeded,
      detail: statusFailure(status),
      status,
      ...(serverMessage !== undefined ? { serverMessage } : {}),
    };
  const code: UploadErrorCode = status === 413 ? 'too-large' : status === 401 ? 'unauthenticated' : 'failed';
  return {
    ...failure(code, statusFailure(status)),
    status,
    ...(serverMessage !== undefined ? { serverMessage } : {}),
  };
}

function failure(code: UploadErrorCode, detail: string): Extract<UploadResult, { ok: false }> {
  const message = {
    'too-large': uploadMessages.tooLarge,
    'quota-exceeded': uploadMessages.quotaExceeded,
    unauthenticated: uploadMessages.unauthenticated,
    offline: uploadMessages.offline,
    failed: uploadMessages.failed,
    busy: uploadMessages.busy,
    aborted: uploadMessages.aborted,
  }[code];
  return { ok: false, code, message, detail };
}

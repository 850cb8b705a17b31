import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';

export interface UploadAnswer {
  status: number;
  json: {
    message?: string;
    video?: { id: string; title: string; status: string; visibility: string; url: string; createdAt?: string };
  };
}

/**
 * POSTs `bytes` as the multipart field `video`, named recording.webm and typed as Chrome types a
 * recording, or with the `name` and `type` a browser's file picker gives a file.
 */
export async function uploadVideo(
  baseUrl: string,
  bytes: Uint8Array,
  options: {
    token?: string;
    field?: string;
    headers?: Record<string, string>;
    name?: string;
    type?: string;
    signal?: AbortSignal;
  } = {},
): Promise<UploadAnswer> {
  const form = new FormData();
  const type = options.type ?? 'video/webm;codecs=vp8,opus';
  form.append(options.field ?? 'video', new Blob([Buffer.from(bytes)], { type }), options.name ?? 'recording.webm');
  const response = await fetch(`${baseUrl}/api/videoservice/upload`, {
    method: 'POST',
    headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: form,
    signal: options.signal,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : {} };
}

/** A multipart body around one file part, as bytes: for streamed or cut-off uploads. */
export function multipartBody(bytes: Uint8Array, boundary = 'stream-test-boundary') {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="recording.webm"\r\n` +
      `Content-Type: video/webm;codecs=vp8,opus\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, tail, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every file under `dir`, hidden and partial ones included, relative to it. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** Saves what `url` (relative to `baseUrl`) serves as `path`, expecting 200; gives its content type. */
export async function saveServed(
  baseUrl: string,
  url: string,
  path: string,
): Promise<{ path: string; type: string | null }> {
  const response = await fetch(new URL(url, baseUrl));
  expect(response.status).toBe(200);
  writeFileSync(path, Buffer.from(await response.arrayBuffer()));
  return { path, type: response.headers.get('content-type') };
}

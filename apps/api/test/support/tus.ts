// The few requests of tus 1.0 as raw fetch calls, so the tests see every status and header.
import { request, type ClientRequest } from 'node:http';

export interface TusAnswer {
  status: number;
  headers: Headers;
  body: string;
}

const answer = async (response: Response): Promise<TusAnswer> => ({
  status: response.status,
  headers: response.headers,
  body: await response.text(),
});

const base64 = (text: string) => Buffer.from(text).toString('base64');

export function tusClient(baseUrl: string, token?: string) {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const url = (location: string) => new URL(location, baseUrl).toString();
  return {
    /** POST /api/uploads/ with Upload-Defer-Length (or `length`), and a title in the metadata. */
    async create(options: { title?: string; length?: number; headers?: Record<string, string> } = {}) {
      const headers: Record<string, string> = {
        'tus-resumable': '1.0.0',
        ...auth,
        ...(options.length === undefined
          ? { 'upload-defer-length': '1' }
          : { 'upload-length': String(options.length) }),
        ...(options.title !== undefined ? { 'upload-metadata': `title ${base64(options.title)}` } : {}),
        ...options.headers,
      };
      return answer(await fetch(url('/api/uploads/'), { method: 'POST', headers }));
    },
    async head(location: string) {
      return answer(await fetch(url(location), { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', ...auth } }));
    },
    /** PATCH `bytes` at `offset`; `length` declares the final length (the last PATCH). */
    async patch(
      location: string,
      offset: number,
      bytes: Uint8Array,
      options: { length?: number; headers?: Record<string, string> } = {},
    ) {
      const headers: Record<string, string> = {
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        ...(options.length !== undefined ? { 'upload-length': String(options.length) } : {}),
        ...auth,
        ...options.headers,
      };
      return answer(await fetch(url(location), { method: 'PATCH', headers, body: new Uint8Array(bytes) }));
    },
    async delete(location: string) {
      return answer(await fetch(url(location), { method: 'DELETE', headers: { 'tus-resumable': '1.0.0', ...auth } }));
    },
  };
}

/**
 * A PATCH of `body` at `offset` that declares the rest of the upload (`total` bytes) and sends only
 * `body`: the request a client killed or cut off mid-send leaves open. Destroy it when done.
 */
export function hangingPatch(
  baseUrl: string,
  location: string,
  token: string,
  { offset, total, body }: { offset: number; total: number; body: Uint8Array },
): ClientRequest {
  const hanging = request(new URL(location, baseUrl), {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      'content-length': String(total - offset),
      authorization: `Bearer ${token}`,
    },
  });
  hanging.on('error', () => undefined);
  hanging.write(body);
  return hanging;
}

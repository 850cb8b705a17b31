// A resumable upload as the recorder makes one (tus 1.0 at /api/uploads/): a creation naming the
// title, then the file in small PATCHes, one after another, as MediaRecorder hands them over.
import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true });

function send(url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers: { 'tus-resumable': '1.0.0', ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Uploads `file` through tus at `baseUrl` as `token`'s, in `chunkBytes` PATCHes; resolves with the
 * HTTP status of the failing step (or 201 when whole) and the video's id from `Stream-Video-Id`.
 */
export async function tusUpload({ baseUrl, file, token, title, chunkBytes = 256 * 1024 }) {
  const bytes = await readFile(file);
  const created = await send(new URL('/api/uploads/', baseUrl), 'POST', {
    authorization: `Bearer ${token}`,
    'upload-length': String(bytes.length),
    'upload-metadata': `title ${Buffer.from(title).toString('base64')}`,
    'content-length': '0',
  });
  if (created.status !== 201)
    return { status: created.status, error: `creation answered ${created.status}: ${created.text.slice(0, 200)}` };
  const location = new URL(created.headers.location, baseUrl);
  let id = created.headers['stream-video-id'];
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    const chunk = bytes.subarray(offset, Math.min(bytes.length, offset + chunkBytes));
    const patched = await send(
      location,
      'PATCH',
      {
        authorization: `Bearer ${token}`,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(chunk.length),
      },
      chunk,
    );
    if (patched.status !== 204)
      return {
        status: patched.status,
        error: `PATCH at ${offset} answered ${patched.status}: ${patched.text.slice(0, 200)}`,
      };
    id = patched.headers['stream-video-id'] ?? id;
  }
  return { status: 201, id };
}

export const closeTusAgent = () => agent.destroy();

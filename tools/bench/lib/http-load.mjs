// The benchmark's HTTP clients: a streamed multipart upload and a bounded range-request load.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Agent, request } from 'node:http';

/** POSTs `file` as the multipart field `video`, streaming it from disk; resolves with status and JSON. */
export async function uploadFile(url, file, token) {
  const { size } = await stat(file);
  const boundary = `----stream-bench-${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="recording.webm"\r\nContent-Type: video/webm\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode, json: text ? JSON.parse(text) : undefined });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(head);
    const body = createReadStream(file, { highWaterMark: 1024 * 1024 });
    body.on('error', reject);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

/** A small deterministic generator, so both servers get the very same sequence of ranges. */
function* offsets(count, size, chunk, seed = 42) {
  let state = seed;
  const slots = Math.floor(size / chunk);
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    yield (state % slots) * chunk;
  }
}

/** One GET; counts the body's bytes, and hashes them only when asked (hashing costs client CPU). */
function get(url, agent, headers, hashBody = false) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      let bytes = 0;
      const hash = hashBody ? createHash('sha256') : undefined;
      res.on('data', (chunk) => {
        bytes += chunk.length;
        hash?.update(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode, bytes, sha256: hash?.digest('hex') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * `count` GETs of `chunk`-byte ranges at the same pseudo-random offsets, `concurrency` at a time
 * over keep-alive connections. Resolves with bytes moved and seconds taken; throws on any answer
 * other than 206 with the full range.
 */
export async function rangeLoad(url, { size, count, chunk, concurrency, headers = {} }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const queue = [...offsets(count, size, chunk)];
  let bytes = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let start = queue.shift(); start !== undefined; start = queue.shift()) {
        const end = Math.min(start + chunk, size) - 1;
        const answer = await get(url, agent, { ...headers, range: `bytes=${start}-${end}` });
        if (answer.status !== 206 || answer.bytes !== end - start + 1) {
          throw new Error(`${url} answered ${answer.status} with ${answer.bytes} bytes for ${start}-${end}`);
        }
        bytes += answer.bytes;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  return { bytes, seconds };
}

/** One whole-file GET; resolves with bytes and seconds, and the body's sha256 when `verify`. */
export async function wholeGet(url, { headers = {}, verify = false } = {}) {
  const agent = new Agent({ keepAlive: false });
  const started = process.hrtime.bigint();
  const answer = await get(url, agent, headers, verify);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  return { ...answer, seconds };
}

/** DeleteVideo through the Connect protocol (JSON), as any client may call it. */
export async function deleteVideo(baseUrl, token, videoId) {
  const response = await fetch(`${baseUrl}/videoservice.VideoService/DeleteVideo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ videoId }),
  });
  if (!response.ok) throw new Error(`DeleteVideo answered ${response.status}: ${await response.text()}`);
}

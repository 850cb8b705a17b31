// The soak's two loads: rounds of concurrent uploads spread over the load's time, and streamers
// that GET random byte ranges of ready videos until a deadline, comparing every byte with the
// file as first read.
import { Buffer } from 'node:buffer';
import { request, Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { uploadFile } from '../bench/lib/http-load.mjs';
import { tusUpload } from './tus.mjs';

const MiB = 1024 * 1024;
const now = () => performance.now();

/**
 * Uploads one prepared file, whole (multipart POST) or, with `tus`, resumably in small PATCHes as
 * a recording arrives, as the `index`-th upload's person (tus creations are limited per person);
 * the answer goes to `stats`, a whole upload also to `uploaded`.
 */
async function uploadOne({ uploadUrl, token, tus, stats, uploaded }, next, index) {
  const started = now();
  try {
    const owner = tus ? tus.tokens[index % tus.tokens.length] : token;
    const answer = tus
      ? await tusUpload({ baseUrl: tus.baseUrl, file: next.file, token: owner, title: next.title })
      : await uploadFile(uploadUrl, next.file, owner).then(({ status, json }) => ({
          status,
          id: json?.video?.id,
          error: status === 201 ? undefined : JSON.stringify(json)?.slice(0, 200),
        }));
    const ms = now() - started;
    stats.record(answer.status, ms, next.size);
    if (answer.status === 201) uploaded.push({ ...next, id: answer.id, token: owner, ms });
    else stats.fail(`upload of ${next.title} answered ${answer.status}: ${answer.error}`);
  } catch (error) {
    stats.fail(`upload of ${next.title} failed: ${error.message}`);
  }
}

/**
 * Uploads `files` in rounds of `concurrency` at once, the rounds spread evenly over `seconds`
 * (a round that overruns its slot delays the next), so the uploads are truly concurrent and
 * keep coming for the whole load. Resolves with the whole uploads as { id, token, file, title, ms }.
 */
export async function runUploads({ uploadUrl, files, token, tus, concurrency, seconds, stats }) {
  const uploaded = [];
  let index = 0;
  const queue = [...files];
  const rounds = Math.ceil(queue.length / concurrency);
  const started = Date.now();
  for (let round = 0; round < rounds; round++) {
    const due = started + (round * seconds * 1000) / rounds;
    if (Date.now() < due) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const batch = queue.splice(0, concurrency);
    await Promise.all(batch.map((next) => uploadOne({ uploadUrl, token, tus, stats, uploaded }, next, index++)));
  }
  return uploaded;
}

/** A random range of a `size`-byte file: mostly `start-end` up to 1 MiB, sometimes open or suffix. */
function randomRange(size) {
  const start = Math.floor(Math.random() * size);
  const kind = Math.random();
  if (kind < 0.05) return { header: `bytes=${start}-`, start, end: size - 1 };
  if (kind < 0.1) {
    const length = 1 + Math.floor(Math.random() * Math.min(size, MiB));
    return { header: `bytes=-${length}`, start: size - length, end: size - 1 };
  }
  const end = Math.min(size - 1, start + Math.floor(Math.random() * MiB));
  return { header: `bytes=${start}-${end}`, start, end };
}

function get(url, agent, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * `workers` streamers loop over random ranges of random `targets` ({ url, bytes }) until
 * `deadline`, over keep-alive connections, checking status 206, Content-Range and every byte.
 */
export async function runStreams({ targets, workers, deadline, stats }) {
  const agent = new Agent({ keepAlive: true, maxSockets: workers });
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < deadline) {
        const target = targets[Math.floor(Math.random() * targets.length)];
        const range = randomRange(target.bytes.length);
        const started = now();
        try {
          const answer = await get(target.url, agent, { range: range.header });
          stats.record(answer.status, now() - started, answer.body.length);
          const expected = `bytes ${range.start}-${range.end}/${target.bytes.length}`;
          if (answer.status !== 206) stats.fail(`${range.header} answered ${answer.status}`);
          else if (answer.headers['content-range'] !== expected)
            stats.fail(`${range.header}: Content-Range ${answer.headers['content-range']}, expected ${expected}`);
          else if (!answer.body.equals(target.bytes.subarray(range.start, range.end + 1)))
            stats.fail(`${range.header} of ${target.id}: other bytes than the file`);
        } catch (error) {
          stats.fail(`${range.header} of ${target.id} failed: ${error.message}`);
        }
      }
    }),
  );
  agent.destroy();
}

// Big bodies before authentication, measured where they hurt: the API in its own process
// (src/main.ts) refuses a signed-out 50 MB RPC body fast, and its resident memory, sampled while it
// answers, barely moves.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../support/api-process';

let api: ApiProcess;
let baseUrl: string;
const dataDir = mkdtempSync(join(tmpdir(), 'stream-api-body-memory-'));
beforeAll(async () => {
  api = startApiProcess({ DATA_DIR: dataDir });
  baseUrl = await api.listening();
}, 90_000);
afterAll(async () => {
  api?.child.kill('SIGTERM');
  await api?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

/** The process's resident set in MiB (Linux). */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

/** The largest resident set of `pid` seen (sampled every few ms) while `work` runs, and its result. */
async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ peak: number; result: T }> {
  let peak = rss(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 2);
  try {
    const result = await work();
    await new Promise((settle) => setTimeout(settle, 100));
    return { peak, result };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Sends `total` bytes of JSON to GetVideo signed out, in writes of one reused 1 MiB buffer. The server
 * answers 413 before the body ends and closes the connection; it must take what the client still
 * sends until the client has read the answer (src/platform/http/lingering-close.ts), so one call is enough.
 */
function hugeJsonCall(total: number, declareLength: boolean) {
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const request = httpRequest(`${baseUrl}/videoservice.VideoService/GetVideo`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(total) } : {}) },
    });
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    chunk.write('{"videoId":"');
    let sent = 0;
    let answered = false;
    const pump = () => {
      while (!answered && sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      if (!answered) request.end();
    };
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8').on('data', (text: string) => (body += text));
      response.on('end', () => {
        resolve({ status: response.statusCode!, body, ms: Date.now() - started });
        request.destroy();
      });
    });
    request.on('error', (error) => (answered ? undefined : reject(error)));
    pump();
  });
}

describe('a signed-out 50 MB RPC body', () => {
  it.each([
    ['with a declared Content-Length', true],
    ['chunked', false],
  ])(
    '%s is resource_exhausted (413) within a second, and the server grows by a few MB at most',
    async (_, declared) => {
      const before = rss(api.pid);
      const { peak, result: answer } = await peakDuring(api.pid, () => hugeJsonCall(50 * 1024 * 1024, declared));
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'resource_exhausted' });
      expect(answer.ms).toBeLessThan(1_000);
      expect(peak - before).toBeLessThan(8);
      const still = await fetch(`${baseUrl}/videoservice.VideoService/GetVideo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"videoId":"x"}',
      });
      expect(still.status).toBe(401);
    },
  );
});

import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBareNodeSink } from '../bench/lib/processes.mjs';

const boundary = '----bare-sink-test-0123456789';

/** POSTs `pieces` one write each, `pauseMs` apart (so they arrive as separate chunks); resolves with the JSON answer. */
function post(url: string, pieces: Buffer[], pauseMs: number): Promise<{ boundariesFound?: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': pieces.reduce((sum, piece) => sum + piece.length, 0),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(JSON.parse(text) as { boundariesFound?: number }));
      },
    );
    req.on('error', reject);
    void (async () => {
      for (const piece of pieces) {
        req.write(piece);
        await delay(pauseMs);
      }
      req.end();
    })();
  });
}

const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="a.webm"\r\n\r\n`);
const closing = Buffer.from(`\r\n--${boundary}--\r\n`);

describe("bench:api's floor of any multipart upload (the bare sink's boundary search)", () => {
  let dir: string;
  let sink: Awaited<ReturnType<typeof startBareNodeSink>>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bare-sink-'));
    sink = await startBareNodeSink({ dir });
  });
  afterAll(async () => {
    await sink?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('finds the closing boundary once in a body of random bytes, and writes the whole body', async () => {
    const body = randomBytes(3 * 1024 * 1024);
    const answer = await post(`${sink.baseUrl}/search`, [head, body, closing], 0);
    expect(answer.boundariesFound).toBe(1);
    const [written] = await readdir(dir);
    expect((await stat(join(dir, written!))).size).toBe(head.length + body.length + closing.length);
    await rm(join(dir, written!));
  });

  it('finds a boundary that arrives split between two chunks', async () => {
    const cut = 9; // inside the boundary, past its "\r\n--"
    const answer = await post(
      `${sink.baseUrl}/search`,
      [head, randomBytes(100_000), closing.subarray(0, cut), closing.subarray(cut)],
      50,
    );
    expect(answer.boundariesFound).toBe(1);
  });

  it("takes bench:api's upload of a file through the search, and empties its directory after", async () => {
    const file = join(dir, '..', `bare-sink-upload-${process.pid}.bin`);
    await writeFile(file, randomBytes(256 * 1024));
    try {
      await sink.empty(); // what the tests before wrote
      await sink.searched(file);
      expect(await readdir(dir)).toHaveLength(1);
      await sink.empty();
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(file, { force: true });
    }
  });

  it('counts every boundary in the body, a second part included', async () => {
    const second = Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello`);
    const answer = await post(`${sink.baseUrl}/search`, [head, randomBytes(1000), second, closing], 0);
    expect(answer.boundariesFound).toBe(2);
  });
});

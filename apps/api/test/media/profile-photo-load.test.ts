// Profile photos cannot take the machine: several large pictures arriving at once are decoded at a
// bounded size, one or two at a time, while /healthz keeps answering; a picture too large to decode
// whole is refused before any tool runs; one person gets one photo in the making at a time; and a
// JPEG whose magic is right but whose content is garbage is refused as unreadable, not as too large.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthEmulator } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { signedInPerson, type Person } from '../support/people';
import { scratchDir } from '../support/scratch';
import { startTestServer, type TestServer } from '../support/test-server';

let emulator: AuthEmulator;
let server: TestServer;
const dir = scratchDir('photo-load');

/** An all-black `side`×`side` picture made by ffmpeg, in the format its extension names. */
function blackSquare(name: string, side: number): Buffer {
  const path = join(dir, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=black:s=${side}x${side}`,
    '-frames:v',
    '1',
    path,
  ]);
  return readFileSync(path);
}

async function putPhoto(person: Person, body: Uint8Array) {
  const response = await fetch(`${server.baseUrl}/api/account/photo`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${person.user.idToken}` },
    body: new Blob([Buffer.from(body)]),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    json: (await response.json()) as { photoUrl?: string; message?: string; reason?: string },
  };
}

/** The ffmpeg processes this test process (and so the server in it) has running now. */
function runningFfmpegs(): number {
  let count = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z' && Number(ppid) === process.pid && stat.includes('(ffmpeg)')) count++;
    } catch {
      // ended meanwhile
    }
  }
  return count;
}

/**
 * Runs `work` while asking /healthz one request after another and counting this process's
 * ffmpegs every 20 ms; answers the slowest /healthz answer and the most ffmpegs seen at once.
 */
async function watched<T>(work: () => Promise<T>) {
  let slowestMs = 0;
  let mostFfmpegs = 0;
  let healthChecks = 0;
  let done = false;
  const sampler = setInterval(() => (mostFfmpegs = Math.max(mostFfmpegs, runningFfmpegs())), 20);
  const health = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/healthz`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      healthChecks++;
      await new Promise((resume) => setTimeout(resume, 50));
    }
  })();
  try {
    const result = await work();
    return { result, slowestMs, mostFfmpegs, healthChecks };
  } finally {
    done = true;
    clearInterval(sampler);
    await health;
  }
}

beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe('profile photos under load', () => {
  it('decodes several 7000×7000 JPEGs one or two at a time while /healthz keeps answering within 2 s', async () => {
    const jpeg = blackSquare('big.jpg', 7000);
    const people = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => signedInPerson(server.baseUrl, emulator.host, `Photo ${n}`)),
    );
    const { result, slowestMs, mostFfmpegs, healthChecks } = await watched(() =>
      Promise.all(people.map((person) => putPhoto(person, jpeg))),
    );
    expect(result.map((answer) => answer.status)).toEqual(people.map(() => 200));
    for (const answer of result) expect(answer.json.photoUrl).toMatch(/^\/api\/photos\//);
    expect(mostFfmpegs).toBeGreaterThan(0); // the sampler saw the decodes
    expect(mostFfmpegs).toBeLessThanOrEqual(2);
    expect(healthChecks).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(2000);
  }, 120_000);

  it('refuses a 7000×7000 PNG before decoding it, with its size in the message', async () => {
    const png = blackSquare('big.png', 7000);
    expect(png.length).toBeLessThan(200_000); // small on the wire, 49 megapixels once decoded
    const person = await signedInPerson(server.baseUrl, emulator.host, 'PNG Person');
    const { result, mostFfmpegs } = await watched(() => Promise.all([1, 2, 3, 4].map(() => putPhoto(person, png))));
    for (const answer of result) expect([400, 429]).toContain(answer.status);
    const refused = result.find((answer) => answer.status === 400)!;
    expect(refused.json.reason).toBe('ACCOUNT_REFUSAL_REASON_PHOTO_NOT_IMAGE');
    expect(refused.json.message).toMatch(/too large.*7000×7000.*megapixels/);
    expect(mostFfmpegs).toBe(0);
  }, 60_000);

  it('makes one photo of a person at a time: the others sent meanwhile are answered 429 with Retry-After', async () => {
    const jpeg = blackSquare('again.jpg', 3000);
    const person = await signedInPerson(server.baseUrl, emulator.host, 'Eager Person');
    const answers = await Promise.all([1, 2, 3].map(() => putPhoto(person, jpeg)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 429, 429]);
    const busy = answers.find((answer) => answer.status === 429)!;
    expect(busy.json.message).toMatch(/previous photo is still being read/);
    expect(Number(busy.retryAfter)).toBeGreaterThan(0);
    // Once it is made, the next one is taken.
    expect((await putPhoto(person, jpeg)).status).toBe(200);
  }, 60_000);

  it('refuses a JPEG with a right magic and garbage content as unreadable, not as too large', async () => {
    const person = await signedInPerson(server.baseUrl, emulator.host, 'Garbage Person');
    const garbage = Buffer.alloc(64 * 1024);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(garbage);
    for (let i = 4; i < garbage.length; i++) garbage[i] = (i * 7919) % 251;
    const refused = await putPhoto(person, garbage);
    expect(refused.status).toBe(400);
    expect(refused.json.reason).toBe('ACCOUNT_REFUSAL_REASON_PHOTO_NOT_IMAGE');
    expect(refused.json.message).toMatch(/could not be read/);
    expect(refused.json.message).not.toMatch(/too large/);
  }, 60_000);
});

// `npm start` on ports other than the ones the web app was built with: the README says
// FIREBASE_AUTH_EMULATOR_HOST and PORT move them. The app takes the emulator's address from the
// server at run time (GET /api/config), so sign-in reaches the emulator `npm start` started, which
// the CSP allows, rather than the address baked into the build ("A network error has occurred").
// Real processes: npm, tools/start.mjs, the API and a second Auth emulator, Debian's Chromium. The
// build is the harness's, made with the shared emulator's address: another port than this one's.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestUser, freePorts } from '@stream/auth/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInThroughUi } from '../harness/accounts';
import { launchBrowser, newPage } from '../harness/browser';
import { workspaceRoot } from '../harness/paths';

const builtWithEmulator = inject('emulatorHost');
let started: ChildProcess;
let output = '';
let dataDir: string;
let baseUrl: string;
let emulatorHost: string;
let browser: Browser;

/** SIGTERM to the process group `npm start` leads (it stops the API and the emulator), SIGKILL after 15 s. */
async function stopStarted() {
  if (!started?.pid || started.exitCode !== null || started.signalCode !== null) return;
  const exited = new Promise((done) => started.once('exit', done));
  process.kill(-started.pid, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-started.pid!, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

beforeAll(async () => {
  const [port, emulatorPort] = (await freePorts(2)) as [number, number];
  baseUrl = `http://127.0.0.1:${port}`;
  emulatorHost = `127.0.0.1:${emulatorPort}`;
  expect(emulatorHost).not.toBe(builtWithEmulator);
  dataDir = mkdtempSync(join(tmpdir(), 'stream-e2e-start-'));
  started = spawn('npm', ['start', '--', '--no-build'], {
    cwd: workspaceRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: inject('webDist'),
      WORKER: 'false',
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    },
  });
  started.stdout!.on('data', (chunk) => (output += chunk));
  started.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (started.exitCode !== null) throw new Error(`npm start exited with ${started.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not answer on ${baseUrl}:\n${output}`);
    const answered = await fetch(`${baseUrl}/api/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stopStarted();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('npm start with FIREBASE_AUTH_EMULATOR_HOST and PORT moved', () => {
  it('signs in through the UI against the emulator npm start runs, with nothing blocked by the CSP', async () => {
    expect(await (await fetch(`${baseUrl}/api/config`)).json()).toMatchObject({ authEmulatorHost: emulatorHost });
    // The account exists only in this emulator: signing in proves the page talked to it.
    const user = await createTestUser(emulatorHost);
    const page = await newPage(browser);
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    const emulatorCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(emulatorHost)) emulatorCalls.push(request.url());
    });
    await signInThroughUi(page, baseUrl, user.email, user.password);
    await page.getByRole('heading', { name: 'Welcome to Stream' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(emulatorCalls.length).toBeGreaterThan(0);
    expect(blocked).toEqual([]);
    await page.context().close();

    // The API takes the session's token (it verifies against the same emulator): not_found, not 401.
    const answer = await fetch(`${baseUrl}/api/videoservice/video/no-such-video`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(404);
  });
});

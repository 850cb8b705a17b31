#!/usr/bin/env node
// `npm run bench:web`: how fast the web app's first pages are, as a person on a slow phone meets them.
//  1. the JavaScript a first visit downloads (gzip, as the API serves it), against the 150 kB budget
//     that apps/web-e2e/src/budget/ checks in CI;
//  2. time to interactive of `/` (signed out: the sign-in widget; signed in: the home page) and of
//     `/videos` (three processed videos), in Debian's Chromium with the CPU slowed 4× through CDP,
//     every run in a fresh context (an empty cache), the median of RUNS.
// The production build of apps/web is served by the real API with the real Auth emulator on
// 127.0.0.1; results go to bench/results/web.md.
/* global document -- the readiness checks below run in the page */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestUser } from '@stream/auth/testing';
import { makeTestClip } from '@stream/video-api/testing';
import { ensureSystemPackages } from '../src/system-packages.mjs';
import { uploadFile } from './lib/http-load.mjs';
import { launchChromium, startProduct } from './lib/product.mjs';
import { timePage } from './web/page-timing.mjs';

const root = resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const BUDGET_BYTES = 150_000;
const log = (line) => console.log(`[bench:web] ${line}`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value) => `${Math.round(value)} ms`;

/** Readiness checks, run in the page. */
const ready = {
  signInWidget: () => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Sign in with email'),
  home: () => document.querySelector('nav[aria-label="Main"]') !== null && document.querySelector('main h1') !== null,
  threeVideos: () => document.querySelectorAll('main a[href^="/video/"] img').length >= 3,
};

async function makeWebm(path) {
  await makeTestClip(
    path,
    { seconds: 3, video: { size: '640x360', bitrate: '500k' }, audio: false },
    '/usr/bin/ffmpeg',
  );
}

async function waitUntilReady(baseUrl, token, ids) {
  const deadline = Date.now() + 120_000;
  for (const id of ids) {
    for (;;) {
      const response = await fetch(`${baseUrl}/api/videoservice/thumbnail/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.ok) break;
      if (Date.now() > deadline) throw new Error(`video ${id} was not processed within 120 s`);
      await new Promise((done) => setTimeout(done, 500));
    }
  }
}

async function signedInState(browser, baseUrl, user) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('nav[aria-label="Main"]').waitFor({ state: 'attached' });
  const state = await context.storageState();
  await context.close();
  return state;
}

async function main() {
  ensureSystemPackages(['chromium', 'ffmpeg']);
  const scratch = await mkdtemp(join(tmpdir(), 'stream-bench-web-'));
  const cleanups = [() => rm(scratch, { recursive: true, force: true })];
  try {
    const loadAtStart = loadavg()[0];
    const { emulator, server } = await startProduct({ root, scratch, cleanups, log });
    const { baseUrl } = server;

    log('uploading three videos and waiting for their processing');
    const user = await createTestUser(emulator.host);
    const webm = join(scratch, 'clip.webm');
    await makeWebm(webm);
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const { status, json } = await uploadFile(`${baseUrl}/api/videoservice/upload`, webm, user.idToken);
      if (status !== 201) throw new Error(`upload answered ${status}`);
      ids.push(json.video.id);
    }
    await waitUntilReady(baseUrl, user.idToken, ids);

    const browser = await launchChromium(cleanups);
    const session = await signedInState(browser, baseUrl, user);

    const scenarios = [
      { name: '`/` signed out (the sign-in widget)', url: `${baseUrl}/`, isReady: ready.signInWidget },
      { name: '`/` signed in (the home page)', url: `${baseUrl}/`, storageState: session, isReady: ready.home },
      {
        name: '`/videos` signed in (3 videos)',
        url: `${baseUrl}/videos`,
        storageState: session,
        isReady: ready.threeVideos,
      },
    ];
    const results = [];
    for (const scenario of scenarios) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await timePage(browser, { ...scenario, cpuSlowdown: CPU_SLOWDOWN }));
      const bytes = runs[0].scripts.reduce((sum, script) => sum + script.bytes, 0);
      results.push({
        ...scenario,
        bytes,
        files: runs[0].scripts.length,
        fcp: median(runs.map((r) => r.fcpMs)),
        ready: median(runs.map((r) => r.readyMs)),
        interactive: median(runs.map((r) => r.interactiveMs)),
        all: runs.map((r) => Math.round(r.interactiveMs)),
      });
      log(`${scenario.name}: ${kB(bytes)} of JavaScript, interactive at ${ms(results.at(-1).interactive)}`);
    }

    const mark = (ok) => (ok ? 'met' : '**missed**');
    const rows = results.map(
      (r) =>
        `| ${r.name} | ${kB(r.bytes)} in ${r.files} files | ${r.url.endsWith('/videos') ? '(informative)' : `≤ ${kB(BUDGET_BYTES)} ${mark(r.bytes <= BUDGET_BYTES)}`} | ${ms(r.fcp)} | ${ms(r.ready)} | ${ms(r.interactive)} |`,
    );
    const report = `# Web benchmark

\`npm run bench:web\` (tools/bench/web.mjs), ${new Date().toISOString()}.
Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, Debian's Chromium, CPU slowed ${CPU_SLOWDOWN}× (CDP
\`Emulation.setCPUThrottlingRate\`), no network throttling (127.0.0.1); 1-minute load average
${loadAtStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end (other work on the machine slows the page too).
The production build of apps/web served by the API (\`apps/api/src/main.ts\`, gzip copies written by the build),
the Auth emulator for the session. Each run opens a fresh browser context (empty cache); medians of ${RUNS} runs.

| first visit | JavaScript downloaded (gzip) | budget | first contentful paint | content shown | interactive |
|---|---:|---|---:|---:|---:|
${rows.join('\n')}

Interactive, per run: ${results.map((r) => `${r.name} ${r.all.join(', ')} ms`).join('; ')}.

- *Content shown*: the sign-in widget's buttons, the home page's heading in the app layout, or three
  video cards with their thumbnails.
- *Interactive*: content shown, or the end of the last long task (over 50 ms of main thread) after
  it, whichever is later; the page is idle afterwards (a simplified Lighthouse TTI).
- The budget (150 kB, docs/product.md, Limits) is checked in CI by
  \`apps/web-e2e/src/budget/first-page-budget.e2e.test.ts\`.
`;
    const out = join(root, 'bench/results/web.md');
    await writeFile(out, report);
    console.log(`\n${report}`);
    log(`written to ${out}`);
    if (results.some((r) => !r.url.endsWith('/videos') && r.bytes > BUDGET_BYTES)) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error(error));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * In Chromium: an API with the built-in engine (no TRANSCRIBE_URL) transcribes
 * a recording of espeak-ng speech with the real pocketsphinx. The transcript panel says plainly that
 * the engine is rough and greys the words it doubted; the library's search does not find such a word,
 * while it finds one the engine was sure of.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Status, TranscriptService, TranscriptState } from '@stream/proto';
import { createClient } from '@connectrpc/connect';
import { createVideoTransport } from '@stream/video-api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, screenshot, startApi, type ApiServer } from '../index';
import { uploadVideo, videoClient, waitUntilProcessed } from '../library/library-fixtures';

const run = promisify(execFile);

let api: ApiServer;
let browser: Browser;
let page: Page;
let videoId: string;
let workDir: string;
/** A word pocketsphinx doubted (found in no sure word nor the title), and one it was sure of. */
let doubted: string;
let sure: string;

/** A VP8/Opus WebM of a test pattern whose sound is espeak-ng saying `text`. */
async function speechWebm(text: string) {
  const wav = join(workDir, 'speech.wav');
  const webm = join(workDir, 'speech.webm');
  await run('/usr/bin/espeak-ng', ['-v', 'en-us', '-s', '130', '-w', wav, text]);
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-i', wav],
    ...['-shortest', '-c:v', 'libvpx', '-b:v', '300k', '-c:a', 'libopus', webm],
  ]);
  const file = await readFile(webm);
  return { bytes: new Uint8Array(file), durationSeconds: 0 };
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'stream-e2e-builtin-confidence-'));
  const [started, launched, webm] = await Promise.all([
    startApi({
      webDist: inject('webDist'),
      emulatorHost: inject('emulatorHost'),
      databaseTemplate: inject('databaseTemplate'),
      env: { TRANSCRIBE: 'on' },
    }),
    launchBrowser(),
    speechWebm(
      'Welcome to the quarterly budget review. Next year we will open a new office in Lisbon, and the marketing team will grow.',
    ),
  ]);
  api = started;
  browser = launched;
  const owner = await newSignedInPage(browser, {
    baseUrl: api.baseUrl,
    emulatorHost: inject('emulatorHost'),
    displayName: 'Builtin Owner',
  });
  page = owner.page;
  const token = owner.user.idToken;
  videoId = await uploadVideo(api.baseUrl, token, webm);
  const video = await waitUntilProcessed(api.baseUrl, token, videoId, 90_000);
  if (video.status !== Status.READY) throw new Error(`processing failed: ${video.failureReason}`);
  const videos = videoClient(api.baseUrl, token);
  const deadline = Date.now() + 120_000;
  while ((await videos.getVideo({ videoId })).transcriptState !== TranscriptState.DONE) {
    if (Date.now() > deadline) throw new Error('no transcript after 120 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const transcripts = createClient(
    TranscriptService,
    createVideoTransport({ baseUrl: api.baseUrl, getToken: () => token }),
  );
  const words = (await transcripts.getTranscript({ videoId, originalTimeline: true })).segments.flatMap(
    (segment) => segment.words,
  );
  const bare = (word: string) => word.toLowerCase().replace(/[^a-z]/g, '');
  const sureWords = words.filter((word) => !word.uncertain).map((word) => bare(word.word));
  // Search matches prefixes of every word, the title's too.
  const elsewhere = [...sureWords, ...video.title.toLowerCase().split(/[^a-z]+/)];
  const found = words
    .filter((word) => word.uncertain)
    .map((word) => bare(word.word))
    .find((word) => word.length >= 3 && !elsewhere.some((other) => other.startsWith(word)));
  const confident = sureWords.find((word) => word.length >= 3);
  if (!found || !confident)
    throw new Error(`no doubted or no sure word in: ${words.map((w) => `${w.word} ${w.confidence}`).join(', ')}`);
  [doubted, sure] = [found, confident];
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the built-in engine, honestly', () => {
  it('greys the words it doubted in the panel and says it is rough and English only', async () => {
    await page.goto(`${api.baseUrl}/video/${videoId}`);
    const panel = page.getByRole('region', { name: 'Transcript' });
    await panel.getByTestId('builtin-engine-note').waitFor({ timeout: 60_000 });
    expect(await panel.getByTestId('builtin-engine-note').innerText()).toMatch(/rough and hears English only/);
    const greyed = panel.getByTitle(/^Uncertain word/).filter({ hasText: new RegExp(`^${doubted}`, 'i') });
    expect(await greyed.count()).toBeGreaterThan(0);
    expect(await greyed.first().innerText()).toMatch(/\(uncertain\)/);
    await screenshot(page, 'transcript-builtin-uncertain');
  });

  it("does not find a word the engine doubted in the library's search, and finds one it was sure of", async () => {
    await page.goto(`${api.baseUrl}/videos?q=${encodeURIComponent(doubted)}`);
    await page
      .getByRole('status')
      .filter({ hasText: `No videos match “${doubted}”.` })
      .waitFor();
    expect(await page.locator(`a[href*="/video/${videoId}"]`).count()).toBe(0);
    await page.goto(`${api.baseUrl}/videos?q=${encodeURIComponent(sure)}`);
    await page.locator(`a[href*="/video/${videoId}"]`).first().waitFor();
  });
});

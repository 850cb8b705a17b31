// The watch page, the video page and the recorder in a second engine. Firefox ESR
// (Debian's, through puppeteer-core over WebDriver BiDi) opens a share link signed out and plays the
// video past its first second; the owner signs in through the sign-in widget and the video page
// plays; /record records a few seconds of the screen as WebM VP8/Opus (all Firefox records), uploads
// it while recording, shows its link at Stop, and the video becomes READY, holds VP8 and audible
// Opus, and plays from that link. Firefox runs headed on an Xvfb display of its own
// (harness/firefox.ts): headless, it has no screen to share (getDisplayMedia answers NotFoundError).
// What this Firefox cannot do, and the recorder works around: it has no audio output device, so an
// AudioContext never starts (resume() never settles) and the microphone is recorded unmixed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestUser, type TestUser } from '@stream/auth/testing';
import { recordingTypes } from '@stream/recorder';
import { Status, Visibility } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { launchFirefox, type LaunchedFirefox } from '../harness/firefox';
import { makeTestWebm, uploadVideo, videoClient, waitUntilProcessed } from '../library/library-fixtures';
import { audioVolume, probeStreams } from '../record/media-probe';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let firefox: LaunchedFirefox;
// Kept from the start, so afterAll closes Firefox (and its Xvfb) even when the rest of beforeAll failed first.
let launching: Promise<LaunchedFirefox> | undefined;
let workDir: string;
let shareLink: string;
let owner: TestUser;
let videoId: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'stream-e2e-firefox-video-'));
  launching = launchFirefox();
  const [launched, webm, user] = await Promise.all([
    launching,
    makeTestWebm(10),
    createTestUser(emulatorHost, { displayName: 'Firefox Owner' }),
  ]);
  firefox = launched;
  owner = user;
  const id = await uploadVideo(baseUrl, user.idToken, webm);
  videoId = id;
  const video = await waitUntilProcessed(baseUrl, user.idToken, id, 90_000);
  if (video.status !== Status.READY) throw new Error(`processing failed: ${video.failureReason}`);
  const client = videoClient(baseUrl, user.idToken);
  await client.updateVideo({ videoId: id, visibility: Visibility.SHARED });
  shareLink = (await client.shareVideo({ videoId: id })).url;
}, 180_000);

afterAll(async () => {
  await (await launching?.catch(() => undefined))?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('Stream in Firefox ESR', () => {
  it('plays a shared recording signed out: Play, and the video passes 1 s', async () => {
    const page = await firefox.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(shareLink, { waitUntil: 'load' });
    const state = await playPastOneSecond(page);
    expect(state.error).toBeNull();
    expect(state.currentTime).toBeGreaterThan(1);
    expect(new URL(state.source).pathname).toMatch(/^\/api\/videoservice\/(video|mp4)\//);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('signs the owner in through the sign-in widget and plays the video page', async () => {
    const page = await firefox.browser.newPage();
    await openSignedIn(page, `/video/${videoId}`);
    const state = await playPastOneSecond(page);
    expect(state.error).toBeNull();
    await page.close();
  }, 90_000);

  it('records the screen on /record as WebM VP8/Opus, gets its link, and the video becomes READY and plays', async () => {
    const page = await firefox.browser.newPage();
    const pageConsole: string[] = [];
    page.on('console', (message) => pageConsole.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => pageConsole.push(`pageerror: ${String(error)}`));
    await openSignedIn(page, '/record');
    // The type the recorder picks in Firefox, asked of this MediaRecorder: WebM with VP8 and Opus.
    const type = await page.evaluate(
      (types: string[]) => types.find((candidate) => MediaRecorder.isTypeSupported(candidate)) ?? '',
      [...recordingTypes],
    );
    expect(type).toBe('video/webm;codecs=vp8,opus');
    const client = videoClient(baseUrl, owner.idToken);
    const before = new Set((await client.listVideos({ pageSize: 50, pageNumber: 0 })).videos.map((video) => video.id));

    // A real click: getDisplayMedia needs the page's activation. Firefox shares Xvfb's screen.
    await (await buttonNamed(page, 'Start Recording')).click();
    // Recording, or the recorder's own words for why not, with the page's console (not a bare timeout).
    const started = await page
      .waitForFunction(
        () =>
          document.querySelector('[data-testid="elapsed-time"]')
            ? 'recording'
            : [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent).join(' ') || '',
        { timeout: 30_000, polling: 250 },
      )
      .then((handle) => handle.jsonValue() as Promise<string>)
      .catch(async (error: unknown) => `${String(error)}; the page: ${await pageText(page)}`);
    expect(started, pageConsole.join('\n')).toBe('recording');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await (await buttonNamed(page, 'Stop Recording')).click();

    // Firefox has OPFS: /record uploads while recording, and the link comes with Stop.
    const link = await page
      .waitForFunction(
        () => {
          const field = document.getElementById('video-link') as HTMLInputElement | null;
          return field?.value.includes('/s/') ? field.value : false;
        },
        { timeout: 60_000, polling: 250 },
      )
      .then((handle) => handle.jsonValue() as Promise<string>);
    const recorded = (await client.listVideos({ pageSize: 50, pageNumber: 0 })).videos.filter(
      (video) => !before.has(video.id),
    );
    expect(recorded).toHaveLength(1);
    const video = await waitUntilProcessed(baseUrl, owner.idToken, recorded[0]!.id, 90_000);
    expect(video.status, video.failureReason).toBe(Status.READY);
    expect(video.durationSeconds).toBeGreaterThan(2);
    await page.close();

    // The stored file: VP8 video and the fake microphone's tone as Opus, not silence. This Firefox
    // has no audio output device, so its AudioContext never starts and the recorder records the
    // microphone's own track (libs/recorder audio-mix.ts unmixedAudio).
    const stored = await fetch(`${baseUrl}/api/videoservice/video/${video.id}`, {
      headers: { authorization: `Bearer ${owner.idToken}` },
    });
    expect(stored.status).toBe(200);
    const storedPath = join(workDir, 'recorded-in-firefox.webm');
    await writeFile(storedPath, Buffer.from(await stored.arrayBuffer()));
    const streams = await probeStreams(storedPath);
    expect(streams.map((stream) => `${stream.codec_type}:${stream.codec_name}`).sort()).toEqual([
      'audio:opus',
      'video:vp8',
    ]);
    expect((await audioVolume(storedPath)).meanDb).toBeGreaterThan(-60);

    // A new account's Default visibility is Private, so the recording is; shared, its link plays.
    await client.updateVideo({
      videoId: video.id,
      visibility: Visibility.SHARED,
      updateMask: { paths: ['visibility'] },
    });
    const watch = await firefox.browser.newPage();
    await watch.goto(link, { waitUntil: 'load' });
    expect((await playPastOneSecond(watch)).error).toBeNull();
    await watch.close();
  }, 180_000);
});

/** Play on the page's player, then its state once the video has played past 1 s. */
async function playPastOneSecond(page: Page) {
  await (await page.waitForSelector('button[aria-label="Play"]', { timeout: 30_000 }))!.click();
  await page.waitForFunction(
    () => {
      const video = document.querySelector('video');
      return video !== null && !video.paused && video.currentTime > 1;
    },
    { timeout: 30_000, polling: 250 },
  );
  return page.evaluate(() => {
    const video = document.querySelector('video')!;
    return { currentTime: video.currentTime, error: video.error?.code ?? null, source: video.currentSrc };
  });
}

/** What the page says, in one short line (for a failure's message). */
async function pageText(page: Page): Promise<string> {
  const text = await page.evaluate(() => document.body.innerText).catch((error: unknown) => `(none: ${String(error)})`);
  return text.replace(/\s+/g, ' ').slice(0, 1500);
}

/**
 * Opens `path` as the owner: where the app asks for sign-in first (this browser's session is not
 * signed in yet), through the real sign-in widget, then `path` again.
 */
async function openSignedIn(page: Page, path: string) {
  const signedIn = 'nav[aria-label="Main"]';
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  const first = await page.waitForSelector(
    `${signedIn}, ::-p-xpath(//button[normalize-space()='Sign in with email'])`,
    { timeout: 30_000 },
  );
  if (await first!.evaluate((element, nav) => element.matches(nav), signedIn)) return;
  await first!.click();
  await (await page.waitForSelector('input[type="email"]', { timeout: 30_000 }))!.type(owner.email);
  await (await buttonNamed(page, 'Next')).click();
  await (await page.waitForSelector('input[type="password"]', { timeout: 30_000 }))!.type(owner.password);
  await (await buttonNamed(page, 'Sign in')).click();
  await page.waitForSelector(signedIn, { timeout: 30_000 });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
}

/** The button whose text is `name`, once the page shows it. */
async function buttonNamed(page: Page, name: string) {
  const found = await page.waitForSelector(`::-p-xpath(//button[normalize-space()='${name}'])`, { timeout: 30_000 });
  return found!;
}

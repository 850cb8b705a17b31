// Issue 29 item 4: the watch page, the video page and the recorder in a second engine. Firefox ESR
// (Debian's, through puppeteer-core over WebDriver BiDi) opens a share link signed out and plays the
// video past its first second; the owner signs in through the sign-in widget and the video page
// plays; /record picks WebM VP8/Opus (all Firefox records). What headless Firefox cannot do is
// named, not skipped: it has no screen to share (getDisplayMedia answers NotFoundError; a real one
// needs a headed Firefox under xvfb), so Start Recording ends with the recorder's own message for that.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestUser, type TestUser } from '@stream/auth/testing';
import { recorderMessages, recordingTypes } from '@stream/recorder';
import { Status, Visibility } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { launchFirefox } from '../harness/firefox';
import { makeTestWebm, uploadVideo, videoClient, waitUntilProcessed } from '../library/library-fixtures';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let firefox: Awaited<ReturnType<typeof launchFirefox>>;
let workDir: string;
let shareLink: string;
let owner: TestUser;
let videoId: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'stream-e2e-firefox-video-'));
  const [launched, webm, user] = await Promise.all([
    launchFirefox(),
    makeTestWebm(workDir, 10),
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
  await firefox?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('Stream in Firefox ESR', () => {
  it('plays a shared recording signed out: Play, and the video passes 1 s', async () => {
    const page = await firefox.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(shareLink, { waitUntil: 'load' });
    const play = await page.waitForSelector('button[aria-label="Play"]', { timeout: 30_000 });
    await play!.click();
    await page.waitForFunction(
      () => {
        const video = document.querySelector('video');
        return video !== null && !video.paused && video.currentTime > 1;
      },
      { timeout: 30_000, polling: 250 },
    );
    const state = await page.evaluate(() => {
      const video = document.querySelector('video')!;
      return { currentTime: video.currentTime, error: video.error?.code ?? null, source: video.currentSrc };
    });
    expect(state.error).toBeNull();
    expect(state.currentTime).toBeGreaterThan(1);
    expect(new URL(state.source).pathname).toMatch(/^\/api\/videoservice\/(video|mp4)\//);
    expect(errors).toEqual([]);
  }, 90_000);

  it('signs the owner in through the sign-in widget and plays the video page', async () => {
    const page = await firefox.browser.newPage();
    await openSignedIn(page, `/video/${videoId}`);
    await (await page.waitForSelector('button[aria-label="Play"]', { timeout: 30_000 }))!.click();
    await page.waitForFunction(
      () => {
        const video = document.querySelector('video');
        return video !== null && !video.paused && video.currentTime > 1;
      },
      { timeout: 30_000, polling: 250 },
    );
    const state = await page.evaluate(() => ({ error: document.querySelector('video')!.error?.code ?? null }));
    expect(state.error).toBeNull();
    await page.close();
  }, 90_000);

  it('opens /record, which would record WebM VP8/Opus; headless Firefox has no screen to share, as the page says', async () => {
    const page = await firefox.browser.newPage();
    await openSignedIn(page, '/record');
    // The type the recorder picks in Firefox, asked of this MediaRecorder: WebM with VP8 and Opus.
    const type = await page.evaluate(
      (types: string[]) => types.find((candidate) => MediaRecorder.isTypeSupported(candidate)) ?? '',
      [...recordingTypes],
    );
    expect(type).toBe('video/webm;codecs=vp8,opus');
    // The gap named at the top of this file: no screen in headless Firefox, said as the page says it.
    await (await buttonNamed(page, 'Start Recording')).click();
    await page.waitForFunction(
      (message: string) =>
        [...document.querySelectorAll('[role="alert"]')].some((alert) => alert.textContent?.includes(message)),
      { timeout: 30_000, polling: 250 },
      recorderMessages.screenNotFound,
    );
    await page.close();
  }, 90_000);
});

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

// Issue 29 item 4: the watch page in a second engine. Firefox ESR (Debian's, through puppeteer-core
// over WebDriver BiDi) opens a share link signed out and plays the video past its first second.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestUser } from '@stream/auth/testing';
import { Status, Visibility } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchFirefox } from '../harness/firefox';
import { makeTestWebm, uploadVideo, videoClient, waitUntilProcessed } from '../library/library-fixtures';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let firefox: Awaited<ReturnType<typeof launchFirefox>>;
let workDir: string;
let shareLink: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'stream-e2e-firefox-video-'));
  const [launched, webm, user] = await Promise.all([
    launchFirefox(),
    makeTestWebm(workDir, 10),
    createTestUser(emulatorHost, { displayName: 'Firefox Owner' }),
  ]);
  firefox = launched;
  const id = await uploadVideo(baseUrl, user.idToken, webm);
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

describe('the watch page in Firefox ESR', () => {
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
});

import { createTestUser } from '@stream/auth/testing';
import { Status } from '@stream/proto';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, screenshot, type SignedInPage } from '../index';
import { makeTestWebm, type TestWebm, uploadVideo, waitUntilProcessed } from './library-fixtures';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
let webm: TestWebm;
let owner: SignedInPage;
const ownerVideos: string[] = [];

beforeAll(async () => {
  [browser, webm] = await Promise.all([launchBrowser(), makeTestWebm()]);
  owner = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName: 'Library Owner' });
  // Two real uploads through the API, as the recorder makes them.
  for (let i = 0; i < 2; i++) ownerVideos.push(await uploadVideo(baseUrl, owner.user.idToken, webm));
  for (const id of ownerVideos) {
    const video = await waitUntilProcessed(baseUrl, owner.user.idToken, id);
    if (video.status !== Status.READY) throw new Error(`processing failed for ${id}: ${video.failureReason}`);
  }
}, 180_000);

afterAll(async () => {
  await owner?.page.context().close();
  await browser?.close();
});

/** Every response of the video stream route seen by `page`, with the Range the browser asked for. */
function watchStream(page: Page) {
  const seen: { status: number; range: string | undefined; contentRange: string | undefined }[] = [];
  const onResponse = async (response: Response) => {
    if (!response.url().includes('/api/videoservice/video/')) return;
    const headers = await response.request().allHeaders();
    seen.push({
      status: response.status(),
      range: headers['range'],
      contentRange: response.headers()['content-range'],
    });
  };
  page.on('response', onResponse);
  return seen;
}

describe('the video library in Chromium', () => {
  it('lists uploaded videos with READY badges and loaded thumbnails', async () => {
    const { page } = owner;
    await page.goto(`${baseUrl}/videos`);
    await page.getByRole('heading', { name: 'Videos', exact: true }).waitFor();
    await page.getByText('View and manage your recorded videos').waitFor();
    const grid = page.getByRole('region', { name: 'List of Videos' });
    await grid.waitFor();
    const cards = grid.getByRole('link');
    await expect.poll(() => cards.count()).toBe(2);

    for (const id of ownerVideos) {
      const card = grid.locator(`a[href="/video/${id}"]`);
      const badge = card.getByText('READY', { exact: true });
      expect(await badge.getAttribute('class')).toContain('badge-success');
      const thumbnail = card.locator('img');
      // The signed thumbnail URL really loads a JPEG.
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await thumbnail.getAttribute('src')).toMatch(new RegExp(`/api/videoservice/thumbnail/${id}\\?`));
    }
    await screenshot(page, 'library-grid');
  });

  it('opens a video, plays it from the first press of Play, and seeks by ranges', async () => {
    const { page } = owner;
    const stream = watchStream(page);
    await page.goto(`${baseUrl}/videos`);
    const link = page.getByRole('region', { name: 'List of Videos' }).locator(`a[href="/video/${ownerVideos[0]}"]`);
    await link.waitFor();
    // Throttled only once the list has settled: a CI run that throttled while the app's first
    // requests were in flight saw the page stall, nothing sent for 30 s, and the next test's too.
    await page.waitForLoadState('networkidle');
    // A slow link (about 1 Mbit/s, no HTTP cache) so the file cannot arrive whole before the seek:
    // the player must then fetch the middle by a Range request, as it would over a real network.
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: 128_000,
        uploadThroughput: 128_000,
      });
      await link.click();
      await page.waitForURL(`**/video/${ownerVideos[0]}`);
      await page.getByText(/^Uploaded on /).waitFor();

      const video = page.locator('video');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
      // Duration is finite and matches the file.
      const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
      expect(Number.isFinite(duration)).toBe(true);
      expect(Math.abs(duration - webm.durationSeconds)).toBeLessThan(0.15);
      const total = `${Math.floor(duration / 60)}:${String(Math.floor(duration % 60)).padStart(2, '0')}`;
      expect(await page.getByTestId('player-time').textContent()).toBe(`0:00 / ${total}`);
      // Nothing plays before the first press of Play.
      expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

      const pressedPlay = Date.now();
      await page.getByRole('button', { name: 'Play' }).click();
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.3), { timeout: 20_000 })
        .toBe(true);
      const playedAfterMs = Date.now() - pressedPlay;
      await page.getByRole('button', { name: 'Pause' }).click();
      expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

      // Seek to the middle with the slider.
      const middle = Math.round(duration / 2);
      const requestsBeforeSeek = stream.length;
      const seekedAt = Date.now();
      await page.getByRole('slider', { name: 'Seek' }).fill(String(middle));
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => !v.seeking && v.readyState >= 2 && v.currentTime), {
          timeout: 30_000,
        })
        .toBeCloseTo(middle, 0);
      const seekReadyMs = Date.now() - seekedAt;
      expect(await page.getByTestId('player-time').textContent()).toBe(
        `${Math.floor(middle / 60)}:${String(middle % 60).padStart(2, '0')} / ${total}`,
      );
      expect(await page.getByRole('status', { name: 'Buffering' }).count()).toBe(0);
      await screenshot(page, 'library-player');

      // Keyboard: K plays and pauses, arrows seek 5 s and step the volume by 0.1.
      await page.getByRole('region', { name: await page.getByRole('heading', { level: 1 }).innerText() }).focus();
      const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
      await page.keyboard.press('ArrowLeft');
      expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(before - 5, 1);
      await page.keyboard.press('ArrowDown');
      expect(await video.evaluate((v: HTMLVideoElement) => v.volume)).toBeCloseTo(0.9, 5);
      await page.keyboard.press('k');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused), { timeout: 15_000 }).toBe(true);
      await page.keyboard.press('k');
      expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

      // The server answered the media requests with partial content, never the whole file as a 200.
      expect(stream.length).toBeGreaterThan(0);
      expect(stream.filter((s) => s.status === 200)).toEqual([]);
      expect(stream.some((s) => s.status === 206 && s.contentRange?.startsWith('bytes '))).toBe(true);
      console.info(
        JSON.stringify({
          stream,
          fileBytes: webm.bytes.byteLength,
          duration,
          ffprobe: webm.durationSeconds,
          playedAfterMs,
          seekReadyMs,
        }),
      );
      // The seek fetched from the middle of the file instead of reading everything up to it.
      const afterSeek = stream
        .slice(requestsBeforeSeek)
        .map((s) => Number(/^bytes (\d+)-/.exec(s.contentRange ?? '')?.[1]));
      expect(afterSeek.some((start) => start > webm.bytes.byteLength / 4)).toBe(true);
    } finally {
      // The owner's page serves the tests after this one at full speed, whatever happened here.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
      await cdp.detach();
    }
  });

  it('calls a new user with no videos to record', async () => {
    const { page } = await newSignedInPage(browser, { baseUrl, emulatorHost });
    try {
      await page.goto(`${baseUrl}/videos`);
      await page.getByText('No videos yet').waitFor();
      await page.getByRole('link', { name: 'Start Recording' }).click();
      await page.waitForURL('**/record');
    } finally {
      await page.context().close();
    }
  });

  it('says "Video not found" for another user\'s private video', async () => {
    const stranger = await createTestUser(emulatorHost, { displayName: 'Stranger' });
    const theirs = await uploadVideo(baseUrl, stranger.idToken, webm);
    const { page } = owner;
    await page.goto(`${baseUrl}/video/${theirs}`);
    await page.getByRole('heading', { name: 'Video not found' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('video').count()).toBe(0);
    // Nor does it show up in the owner's grid.
    await page.goto(`${baseUrl}/videos`);
    const grid = page.getByRole('region', { name: 'List of Videos' });
    await grid.waitFor();
    expect(await grid.locator(`a[href="/video/${theirs}"]`).count()).toBe(0);
  });
});

// A 1080p recording plays through its HLS presentation in Chromium (no native HLS
// here: hls.js, loaded only for this video) on its watch page, signed out, and the Quality menu
// (Auto first) switches the rung that plays.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Status, type Video } from '@stream/proto';
import { makeTestClip } from '@stream/video-api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot } from '../index';
import { newSignedInPage } from '../harness/accounts';
import { launchBrowser, newPage } from '../harness/browser';
import { uploadVideo, videoClient, waitUntilProcessed } from '../library/library-fixtures';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
let viewer: Page;
let workDir: string;
let video: Video;
let shareUrl: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'stream-e2e-hls-'));
  const path = join(workDir, 'recording-1080p.webm');
  const [launched] = await Promise.all([
    launchBrowser(),
    // 1080p is what makes the rungs; 10 fps and libvpx's fastest mode keep the clip cheap to make.
    makeTestClip(path, {
      seconds: 12,
      video: { size: '1920x1080', rate: 10, bitrate: '1M', realtime: true, extra: ['-cpu-used', '16'] },
      live: true,
    }),
  ]);
  browser = launched;
  const owner = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName: 'HLS Owner' });
  const file = await readFile(path);
  const id = await uploadVideo(baseUrl, owner.user.idToken, { bytes: new Uint8Array(file), durationSeconds: 12 });
  const processed = await waitUntilProcessed(baseUrl, owner.user.idToken, id, 120_000);
  expect(processed.status).toBe(Status.READY);
  const client = videoClient(baseUrl, owner.user.idToken);
  // The renditions (MP4, then the HLS rungs) are a job of their own after READY.
  const deadline = Date.now() + 300_000;
  for (video = processed; !video.hlsUrl; video = await client.getVideo({ videoId: id })) {
    if (Date.now() > deadline) throw new Error(`no HLS presentation of ${id} after 300 s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  shareUrl = (await client.shareVideo({ videoId: id })).url;
  viewer = await newPage(browser);
}, 900_000);

afterAll(async () => {
  await browser?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const playing = (page: Page) =>
  page.locator('video').evaluate((element: HTMLVideoElement) => ({
    src: element.currentSrc,
    height: element.videoHeight,
    time: element.currentTime,
    paused: element.paused,
  }));

describe('adaptive playback (Chromium, hls.js)', () => {
  it('plays the HLS presentation and switches rung from the Quality menu', async () => {
    const playlists: string[] = [];
    viewer.on('request', (request) => {
      if (request.url().includes('/api/videoservice/hls/')) playlists.push(new URL(request.url()).pathname);
    });
    await viewer.goto(shareUrl);
    const quality = viewer.getByRole('combobox', { name: 'Quality' });
    await quality.waitFor({ timeout: 30_000 });
    expect(await quality.locator('option').allTextContents()).toEqual(['Auto', '1080p', '720p', '480p']);
    expect(await quality.inputValue()).toBe('-1');
    await viewer.getByRole('button', { name: 'Loop' }).click(); // still playing whenever a switch lands
    await viewer.getByRole('button', { name: 'Play' }).click();
    await expect.poll(async () => (await playing(viewer)).time, { timeout: 60_000 }).toBeGreaterThan(1);
    const auto = await playing(viewer);
    // hls.js feeds the <video> (through Media Source Extensions), not the WebM's address.
    expect(auto.src).not.toContain('/api/videoservice/video/');
    expect(playlists).toContain(`/api/videoservice/hls/${video.id}/master.m3u8`);
    // The whole length, not the first segments' (a session saw "0:04" for this 12 s video).
    expect(await viewer.getByTestId('player-time').innerText()).toMatch(/ \/ 0:12$/);

    await quality.selectOption({ label: '480p' });
    await expect.poll(async () => (await playing(viewer)).height, { timeout: 60_000 }).toBe(480);
    expect(playlists).toContain(`/api/videoservice/hls/${video.id}/2.mp4`);
    await screenshot(viewer, 'hls-480p');
    await quality.selectOption({ label: '1080p' });
    await expect.poll(async () => (await playing(viewer)).height, { timeout: 60_000 }).toBe(1080);
    expect((await playing(viewer)).paused).toBe(false);
    expect(await viewer.getByTestId('player-time').innerText()).toMatch(/ \/ 0:12$/);
  }, 180_000);
});

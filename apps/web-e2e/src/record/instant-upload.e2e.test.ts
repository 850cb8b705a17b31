/**
 * Instant upload end to end, in Chromium with fake devices against the real API: the recording
 * uploads while it is made (most bytes are on the server before Stop), the link shows within 2 s of
 * Stop, the video becomes READY, plays and seeks, and what the server got is exactly what the
 * browser recorded; 10 s offline mid-recording loses nothing; a reload mid-recording leaves an
 * unfinished recording to resume (the same video), download or discard; one given up during the
 * countdown leaves nothing. Where OPFS is missing the local copy is kept in IndexedDB, with the
 * same upload while recording.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { Status, VideoService } from '@stream/proto';
import { createVideoTransport } from '@stream/video-api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { downloadedBytes, launchBrowser, newSignedInPage, screenshot } from '../index';
import { previewOf } from './record-steps';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const linkField = (page: Page) => page.getByRole('textbox', { name: 'Link to your video' });

/** The upload /record creates when recording starts: its video id, from Stream-Video-Id. */
async function uploadCreated(page: Page): Promise<string> {
  const response = await page.waitForResponse(
    (candidate) => candidate.url().endsWith('/api/uploads/') && candidate.request().method() === 'POST',
  );
  expect(response.status()).toBe(201);
  return (await response.headerValue('stream-video-id'))!;
}

/** The recording as the page holds it, through the preview's Download button. */
async function recordedBytes(page: Page): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  return downloadedBytes(await downloading);
}

/** Start Recording, and wait through the countdown until it records. */
async function startRecording(page: Page) {
  await page.getByRole('button', { name: 'Start Recording' }).click();
  await page.getByTestId('elapsed-time').waitFor();
}

/**
 * A signed-in /record that uploads while recording (`beforeLoad` may set the page up first),
 * recording, with its upload created: the page, its user and the video's id.
 */
async function recordInstantly(beforeLoad?: (page: Page) => Promise<unknown>) {
  const baseUrl = inject('baseUrl');
  const { page, user } = await newSignedInPage(browser, {
    baseUrl,
    emulatorHost: inject('emulatorHost'),
    instantUploads: true,
  });
  await beforeLoad?.(page);
  await page.goto(`${baseUrl}/record`);
  const created = uploadCreated(page);
  await startRecording(page);
  return { baseUrl, page, user, videoId: await created };
}

function videoClient(token: string) {
  return createClient(VideoService, createVideoTransport({ baseUrl: inject('baseUrl'), getToken: () => token }));
}

async function waitReady(token: string, videoId: string, timeoutMs = 60_000) {
  const client = videoClient(token);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const video = await client.getVideo({ videoId });
    if (video.status === Status.READY) return video;
    if (video.status === Status.FAILED) throw new Error(`FAILED: ${video.failureReason}`);
    if (Date.now() > deadline) throw new Error(`still ${Status[video.status]}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const uploadFile = (videoId: string) => join(inject('dataDir'), 'uploads', videoId);

/** Bytes the page keeps in IndexedDB's spool (libs/recording-uploads idb-spool.ts); call once it is open. */
const spooledInIndexedDb = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('stream-recordings');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const parts = opening.result.transaction('parts').objectStore('parts').getAll();
          parts.onerror = () => reject(parts.error);
          parts.onsuccess = () => {
            opening.result.close();
            resolve((parts.result as { blob: Blob }[]).reduce((total, part) => total + part.blob.size, 0));
          };
        };
      }),
  );

describe('/record uploads while recording', () => {
  it(
    'has most bytes on the server before Stop, the link within 2 s of it, and a READY video of exactly what was recorded',
    { timeout: 180_000 },
    async () => {
      const { baseUrl, page, user, videoId } = await recordInstantly();
      await page.waitForTimeout(20_000);

      const onServer = readFileSync(uploadFile(videoId));
      await page.getByRole('button', { name: 'Stop Recording' }).click();
      const stoppedAt = Date.now();
      await page.waitForFunction(() =>
        (document.getElementById('video-link') as HTMLInputElement | null)?.value.includes('/s/'),
      );
      const linkMs = Date.now() - stoppedAt;
      const link = await linkField(page).inputValue();
      await screenshot(page, 'instant-link');
      await previewOf(page).waitFor();

      const video = await waitReady(user.idToken, videoId);
      const recorded = await recordedBytes(page);
      console.info(
        `instant: ${recorded.length} bytes recorded, ${onServer.length} on the server before Stop; link ${linkMs} ms after Stop`,
      );
      expect(onServer.length).toBeGreaterThan(recorded.length * 0.8);
      expect(linkMs).toBeLessThan(2_000);
      // What the server held before Stop is exactly the start of the recording, and the upload ended
      // at its length (tests/tus-uploads.test.ts shows the stored original is what was sent).
      expect(recorded.subarray(0, onServer.length).equals(onServer)).toBe(true);
      const head = await fetch(`${baseUrl}/api/uploads/${videoId}`, {
        method: 'HEAD',
        headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${user.idToken}` },
      });
      expect(head.headers.get('upload-length')).toBe(String(recorded.length));
      expect(existsSync(uploadFile(videoId))).toBe(false);
      expect(video.durationSeconds).toBeGreaterThan(18);

      // Shared from the Stop screen (a new account's Default visibility is Private), the link plays
      // it and seeks, signed out.
      await page.getByRole('combobox', { name: 'Who can watch' }).selectOption({ label: 'Anyone with the link' });
      await page
        .getByTestId('who-can-watch')
        .filter({ hasText: /^Anyone with the link can watch/ })
        .waitFor();
      const viewer = await browser.newContext();
      const watch = await viewer.newPage();
      await watch.goto(link);
      const player = watch.locator('video').first();
      await player.waitFor();
      await watch.waitForFunction(() => Number.isFinite(document.querySelector('video')?.duration ?? Number.NaN));
      await player.evaluate((element: HTMLVideoElement) => (element.currentTime = 10));
      await watch.waitForFunction(() => {
        const element = document.querySelector('video');
        return !!element && !element.seeking && Math.abs(element.currentTime - 10) < 0.5;
      });
      await viewer.close();
      await page.context().close();
    },
  );

  it('keeps recording through 10 s offline and catches up', { timeout: 180_000 }, async () => {
    const { page, user, videoId } = await recordInstantly();
    await page.waitForTimeout(4_000);
    await page.context().setOffline(true);
    await page
      .getByText("Offline: your recording is safe on this computer and will upload when you're back")
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'instant-offline');
    await page.waitForTimeout(10_000);
    await page.context().setOffline(false);
    await page.waitForTimeout(4_000);
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await page.getByText('Video uploaded successfully!').waitFor({ timeout: 60_000 });
    const video = await waitReady(user.idToken, videoId);
    expect(video.durationSeconds).toBeGreaterThan(16);
    await page.context().close();
  });

  it(
    'where OPFS is missing, spools to IndexedDB: uploads while recording, becomes READY, and a reload lists an unfinished one',
    { timeout: 180_000 },
    async () => {
      const { baseUrl, page, user, videoId } = await recordInstantly((setUp) =>
        setUp.context().addInitScript(() => {
          Reflect.deleteProperty(StorageManager.prototype, 'getDirectory');
        }),
      );
      expect(await page.evaluate(() => 'getDirectory' in navigator.storage)).toBe(false);
      await page.waitForTimeout(10_000);

      const onServer = readFileSync(uploadFile(videoId));
      const spooled = await spooledInIndexedDb(page);
      await page.getByRole('button', { name: 'Stop Recording' }).click();
      await previewOf(page).waitFor();
      const video = await waitReady(user.idToken, videoId);
      const recorded = await recordedBytes(page);
      console.info(
        `instant over IndexedDB: ${recorded.length} bytes recorded, ${spooled} spooled and ${onServer.length} on the server before Stop`,
      );
      // Each chunk goes to the spool before the upload, so the spool is at least as far along.
      expect(spooled).toBeGreaterThanOrEqual(onServer.length);
      expect(onServer.length).toBeGreaterThan(recorded.length * 0.8);
      expect(recorded.subarray(0, onServer.length).equals(onServer)).toBe(true);
      expect(video.durationSeconds).toBeGreaterThan(8);

      // A second recording left by a reload is found again in IndexedDB.
      await page.goto(`${baseUrl}/record`);
      const second = uploadCreated(page);
      await startRecording(page);
      await second;
      await page.waitForTimeout(3_000);
      await page.reload();
      const list = page.getByRole('region', { name: 'Unfinished recordings' });
      await list.waitFor();
      expect(await list.getByRole('listitem').count()).toBe(1);
      await page.context().close();
    },
  );

  it(
    'after a reload mid-recording offers the recording: Download, Resume upload (the same video), Discard',
    { timeout: 180_000 },
    async () => {
      const { baseUrl, page, user, videoId } = await recordInstantly();
      await page.waitForTimeout(6_000);
      await page.goto(`${baseUrl}/videos`); // leaving mid-recording, as a reload or a crash does

      // Every page says so, and leads to /record, which lists it.
      await page.getByText('An unfinished recording is waiting on this computer.').waitFor();
      await page.getByRole('link', { name: 'Open Record' }).click();
      const list = page.getByRole('region', { name: 'Unfinished recordings' });
      await list.waitFor();
      const items = list.getByRole('listitem');
      expect(await items.count()).toBe(1);
      await screenshot(page, 'instant-unfinished');

      const downloading = page.waitForEvent('download');
      await items.first().getByRole('button', { name: 'Download' }).click();
      const download = await downloading;
      const downloaded = (await downloadedBytes(download)).byteLength;
      expect(downloaded).toBeGreaterThan(10_000);

      await items.first().getByRole('button', { name: 'Resume upload' }).click();
      await page.getByRole('link', { name: 'Open the video' }).waitFor({ timeout: 60_000 });
      const video = await waitReady(user.idToken, videoId);
      expect(video.durationSeconds).toBeGreaterThan(4);
      expect(Number(video.sizeBytes)).toBeGreaterThan(downloaded * 0.9);
      const listed = await videoClient(user.idToken).listVideos({ pageSize: 50 });
      expect(listed.videos.map((one) => one.id)).toEqual([videoId]);

      // A second one, discarded: the local copy and the upload go.
      const second = uploadCreated(page);
      await startRecording(page);
      const secondId = await second;
      await page.waitForTimeout(3_000);
      await page.reload();
      await list.waitFor();
      await list.getByRole('listitem').first().getByRole('button', { name: 'Discard' }).click();
      await page
        .getByRole('alertdialog', { name: 'Discard this recording?' })
        .getByRole('button', { name: 'Discard recording' })
        .click();
      await list.waitFor({ state: 'detached' });
      const head = await fetch(`${baseUrl}/api/uploads/${secondId}`, {
        method: 'HEAD',
        headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${user.idToken}` },
      });
      expect(head.status).toBe(404);
      await page.context().close();
    },
  );

  it(
    'a recording given up during the countdown leaves no video and nothing unfinished',
    { timeout: 90_000 },
    async () => {
      const baseUrl = inject('baseUrl');
      const { page, user } = await newSignedInPage(browser, {
        baseUrl,
        emulatorHost: inject('emulatorHost'),
        instantUploads: true,
      });
      await page.goto(`${baseUrl}/record`);
      const created = uploadCreated(page);
      await page.getByRole('button', { name: 'Start Recording' }).click();
      const videoId = await created;
      await page.getByTestId('countdown').waitFor();
      const discarded = page.waitForResponse(
        (response) => response.url().endsWith(`/api/uploads/${videoId}`) && response.request().method() === 'DELETE',
      );
      await page.keyboard.press('Alt+Shift+R'); // the start/stop shortcut gives the countdown up
      await page.getByTestId('countdown').waitFor({ state: 'detached' });
      expect((await discarded).status()).toBe(204);

      expect((await videoClient(user.idToken).listVideos({ pageSize: 50 })).videos).toEqual([]);
      await expect(page.getByRole('status').filter({ hasText: 'Uploading while you record' }).count()).resolves.toBe(0);
      // No local copy either: the spool's folder (libs/recording-uploads opfs-spool.ts) holds no recording.
      const spooled = () =>
        page.evaluate(async () => {
          const root = await navigator.storage.getDirectory();
          const folder = await root.getDirectoryHandle('stream-recordings', { create: true });
          const names: string[] = [];
          for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
          return names;
        });
      await expect.poll(spooled, { timeout: 5_000 }).toEqual([]);
      await page.context().close();
    },
  );
});

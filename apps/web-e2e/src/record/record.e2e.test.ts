/**
 * Recording end to end: Chromium (fake screen, fake microphone) records on /record, the real API
 * stores and processes the upload, the library lists it, the player plays and seeks it, and the
 * stored file has VP8/VP9 video and audible Opus audio.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, screenshot } from '../index';
import { audioVolume, probeStreams } from './media-probe';
import { previewOf, recordFor, successAlert } from './record-steps';

let browser: Browser;
let workDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  workDir = mkdtempSync(join(tmpdir(), 'stream-record-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('/record end to end', () => {
  it(
    'records screen and microphone, previews, uploads, lists, processes and plays the video',
    { timeout: 240_000 },
    async () => {
      const baseUrl = inject('baseUrl');
      const { page, user } = await newSignedInPage(browser, { baseUrl, emulatorHost: inject('emulatorHost') });
      const consoleErrors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
      await page.goto(`${baseUrl}/record`);
      await page.getByRole('heading', { level: 1, name: 'Record' }).waitFor();

      const uploadResponse = page.waitForResponse((response) => response.url().endsWith('/api/videoservice/upload'));
      const recordedMs = await recordFor(page, 3_000);
      await screenshot(page, 'record-stopped');

      // The preview plays the recording.
      const preview = previewOf(page);
      expect(await preview.getAttribute('src')).toMatch(/^blob:/);
      await preview.evaluate((video: HTMLVideoElement) => video.play());
      await page.waitForFunction(
        () =>
          (document.querySelector('video[aria-label="Recording preview"]') as HTMLVideoElement | null)!.currentTime >
          0.5,
      );

      // The upload started by itself and succeeded.
      const response = await uploadResponse;
      expect(response.status()).toBe(201);
      const { video } = (await response.json()) as { video: { id: string } };
      await successAlert(page).waitFor();
      expect(await page.getByRole('button', { name: 'Re-upload Video' }).count()).toBe(0);
      await screenshot(page, 'record-uploaded');

      // Download saves recording.webm.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('recording.webm');
      const downloadedPath = join(workDir, 'downloaded.webm');
      await download.saveAs(downloadedPath);
      expect(statSync(downloadedPath).size).toBeGreaterThan(10_000);

      // /videos lists it, and it becomes READY.
      await page.goto(`${baseUrl}/videos`);
      const card = page.locator(`a[href="/video/${video.id}"]`);
      await card.waitFor({ timeout: 30_000 });
      const ready = card.getByText('READY', { exact: true });
      const deadline = Date.now() + 120_000;
      while (!(await ready.isVisible())) {
        if (Date.now() > deadline)
          throw new Error(`The video never became READY; the card shows: ${await card.innerText()}`);
        await page.waitForTimeout(2_000);
        if (!(await ready.isVisible())) await page.reload();
        await card.waitFor();
      }
      await screenshot(page, 'record-videos-ready');

      // /video/{id} plays it, with a finite duration close to what was recorded, and seeks.
      await card.click();
      await page.waitForURL(`${baseUrl}/video/${video.id}`);
      const player = page.locator('video').first();
      await player.waitFor();
      await page.waitForFunction(() => Number.isFinite(document.querySelector('video')?.duration ?? Number.NaN));
      const duration = await player.evaluate((element: HTMLVideoElement) => element.duration);
      expect(duration).toBeGreaterThan(recordedMs / 1000 - 1.5);
      expect(duration).toBeLessThan(recordedMs / 1000 + 1.5);

      await page.getByRole('button', { name: 'Play' }).click();
      await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.3);
      await page.getByRole('button', { name: 'Pause' }).click();
      const target = Math.round((duration / 2) * 10) / 10;
      await page.getByRole('slider', { name: 'Seek' }).fill(String(target));
      await page.waitForFunction((t) => {
        const element = document.querySelector('video');
        return !!element && !element.seeking && Math.abs(element.currentTime - t) < 0.3;
      }, target);
      await screenshot(page, 'record-played');

      // The stored file: VP8/VP9 video, Opus audio that is not silent.
      const stream = await fetch(`${baseUrl}/api/videoservice/video/${video.id}`, {
        headers: { authorization: `Bearer ${user.idToken}` },
      });
      expect(stream.status).toBe(200);
      const storedPath = join(workDir, 'stored.webm');
      writeFileSync(storedPath, Buffer.from(await stream.arrayBuffer()));
      const streams = await probeStreams(storedPath);
      expect(streams.filter((s) => s.codec_type === 'video').map((s) => s.codec_name)).toEqual([
        expect.stringMatching(/^vp[89]$/),
      ]);
      expect(streams.filter((s) => s.codec_type === 'audio').map((s) => s.codec_name)).toEqual(['opus']);
      const volume = await audioVolume(storedPath);
      console.info(
        `recorded ${recordedMs} ms; player duration ${duration.toFixed(2)} s; stored ${streams.map((s) => s.codec_name).join('+')}; mean ${volume.meanDb} dB, max ${volume.maxDb} dB`,
      );
      expect(volume.meanDb).toBeGreaterThan(-60);
      // The recording as uploaded is the one the page offered for download.
      expect(readFileSync(downloadedPath).subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));

      expect(consoleErrors.filter((text) => !text.includes('favicon'))).toEqual([]);
      await page.context().close();
    },
  );
});

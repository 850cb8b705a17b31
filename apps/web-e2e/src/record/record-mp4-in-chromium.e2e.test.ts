/**
 * A recording made as MP4 goes the way of a WebM one, on the instant path too. Debian's
 * Chromium records MP4 only as H.264 + Opus (no AAC encoder; docs/toolchain.md "Third wave,
 * measured here"), so it prefers WebM; here the page's MediaRecorder is told to refuse WebM, as Safari's
 * does, and the recorder falls back to Chromium's fragmented MP4. The upload starts with an MP4
 * box, the video becomes READY with the length recorded and plays as H.264/AAC MP4, and the
 * preview's download is named recording.mp4.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { Status, VideoService } from '@stream/proto';
import { createVideoTransport } from '@stream/video-api';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { downloadedBytes, launchBrowser, newSignedInPage } from '../index';
import { resultsDir } from '../harness/paths';
import { probeStreams } from './media-probe';
import { previewOf } from './record-steps';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function waitProcessed(token: string, videoId: string) {
  const client = createClient(
    VideoService,
    createVideoTransport({ baseUrl: inject('baseUrl'), getToken: () => token }),
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    const video = await client.getVideo({ videoId });
    if (video.status !== Status.PROCESSING) return video;
    if (Date.now() > deadline) throw new Error('still PROCESSING after 90 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('/record in a browser that records only MP4', () => {
  it(
    'uploads the MP4 while recording and it becomes READY with the recorded length, playing as H.264/AAC',
    { timeout: 180_000 },
    async () => {
      const baseUrl = inject('baseUrl');
      const { page, user } = await newSignedInPage(browser, {
        baseUrl,
        emulatorHost: inject('emulatorHost'),
        instantUploads: true,
      });
      await page.addInitScript(() => {
        const supported = MediaRecorder.isTypeSupported.bind(MediaRecorder);
        MediaRecorder.isTypeSupported = (type: string) => !type.startsWith('video/webm') && supported(type);
      });
      await page.goto(`${baseUrl}/record`);
      const created = page.waitForResponse(
        (response) => response.url().endsWith('/api/uploads/') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Start Recording' }).click();
      await page.getByTestId('elapsed-time').waitFor();
      const startedAt = Date.now();
      const videoId = (await (await created).headerValue('stream-video-id'))!;
      await page.waitForTimeout(6_000);
      await page.getByRole('button', { name: 'Stop Recording' }).click();
      const recordedSeconds = (Date.now() - startedAt) / 1000;
      await previewOf(page).waitFor();

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download', exact: true }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('recording.mp4');
      const recorded = await downloadedBytes(download);
      const recordedPath = join(resultsDir(), 'recorded-in-chromium.mp4');
      writeFileSync(recordedPath, recorded);
      // What Chromium's MP4 recorder writes: an ISO file beginning with its ftyp box, H.264 + Opus.
      expect(recorded.toString('latin1', 4, 8)).toBe('ftyp');
      expect((await probeStreams(recordedPath)).map((stream) => stream.codec_name).sort()).toEqual(['h264', 'opus']);

      const video = await waitProcessed(user.idToken, videoId);
      expect(video.status, video.failureReason).toBe(Status.READY);
      // The recorder's timer and the clicks differ by the countdown's last frame and the click's trip.
      expect(Math.abs(video.durationSeconds - recordedSeconds)).toBeLessThan(1.5);
      const served = await fetch(new URL(video.url, baseUrl), { headers: { authorization: `Bearer ${user.idToken}` } });
      expect(served.headers.get('content-type')).toBe('video/mp4');
      const playablePath = join(resultsDir(), 'recorded-in-chromium-playable.mp4');
      writeFileSync(playablePath, Buffer.from(await served.arrayBuffer()));
      expect((await probeStreams(playablePath)).map((stream) => stream.codec_name)).toEqual(['h264', 'aac']);
      // The resumable upload ended at the recording's length: all of the MP4 went up.
      const head = await fetch(`${baseUrl}/api/uploads/${videoId}`, {
        method: 'HEAD',
        headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${user.idToken}` },
      });
      expect(head.headers.get('upload-length')).toBe(String(recorded.length));
      await page.context().close();
    },
  );
});

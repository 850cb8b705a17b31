// Existing files into the library through /videos. Two files chosen at once: a
// 10 s H.264/AAC MP4 (as a phone makes it) goes up by tus, becomes READY at its length and plays;
// a text file named .mp4 is refused with the reason, beside it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Status } from '@stream/proto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, type SignedInPage } from '../index';
import { videoClient, waitUntilProcessed } from './library-fixtures';

const run = promisify(execFile);
const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
let workDir: string;
let owner: SignedInPage;
let phoneMp4: string;
let notes: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'stream-upload-files-e2e-'));
  phoneMp4 = join(workDir, 'phone clip.mp4');
  notes = join(workDir, 'notes.mp4');
  const make = run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '10'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', phoneMp4],
  ]);
  [browser] = await Promise.all([launchBrowser(), make, writeFile(notes, 'Meeting notes, not a video.\n'.repeat(40))]);
  owner = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName: 'File Uploader' });
}, 180_000);

afterAll(async () => {
  await owner?.page.context().close();
  await browser?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('uploading files on /videos in Chromium', () => {
  it('takes several chosen files, each with its outcome; the MP4 becomes READY at 10 s and plays', async () => {
    const { page } = owner;
    await page.goto(`${baseUrl}/videos`);
    await page.getByRole('region', { name: 'Upload videos' }).waitFor();
    await page.getByLabel('choose files').setInputFiles([phoneMp4, notes]);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.getByText('Uploaded, processing').waitFor({ timeout: 60_000 });
    await expect
      .poll(() => uploads.getByRole('alert').textContent(), { timeout: 30_000 })
      .toBe('Not a video file: Stream takes WebM, MKV, MP4 or MOV');

    const { videos } = await videoClient(baseUrl, owner.user.idToken).listVideos({ pageSize: 10 });
    expect(videos.map((video) => video.title)).toEqual(['phone clip']); // the text file made no video
    const video = await waitUntilProcessed(baseUrl, owner.user.idToken, videos[0]!.id, 90_000);
    expect(video.status, video.failureReason).toBe(Status.READY);
    expect(Math.abs(video.durationSeconds - 10)).toBeLessThanOrEqual(0.1);
    // The library lists it (refreshed after the upload), and its page plays it.
    await page
      .getByRole('link', { name: /phone clip/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.goto(`${baseUrl}/video/${video.id}`);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 1), {
        timeout: 30_000,
      })
      .toBe(true);
  }, 240_000);
});

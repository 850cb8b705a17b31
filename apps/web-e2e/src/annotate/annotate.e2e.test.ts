// Annotations as a new user in Chromium: a 10 s test-pattern recording uploaded on
// /videos; in the editor a text callout placed by dragging on the video shows on the watch page at
// its time and not outside it; a blur over the top-left quarter from 0:01 to 0:04 is in the pixels a
// signed-out viewer streams (smooth there, the rest of the frame and the other times unchanged),
// and the owner's Revert brings the original back.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { AnnotationKind, EditState, Status, type Video, VideoService } from '@stream/proto';
import { createVideoTransport } from '@stream/video-api';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, newSignedInPage, screenshot, type SignedInPage } from '../index';
import { seriousAxeViolations } from '../harness/axe';
import { makeTestWebm, type TestWebm, videoClient, waitUntilProcessed } from '../library/library-fixtures';
import { type GrayFrame, grayFrameAt, meanDifferenceOutside, varianceIn } from './gray-frames';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

const WIDTH = 640;
const HEIGHT = 360;
const TOP_LEFT_QUARTER = { x: 0, y: 0, width: WIDTH / 2, height: HEIGHT / 2 };
// The blur's edge may soften a few pixels past it; the rest of the frame is compared beyond that.
const QUARTER_AND_EDGE = { x: 0, y: 0, width: WIDTH / 2 + 12, height: HEIGHT / 2 + 12 };
// Re-encoding the touched pictures costs a little everywhere; a changed picture costs far more.
const SAME_FRAME_MEAN_DIFFERENCE = 4;

let browser: Browser;
let workDir: string;
let original: string;
let owner: SignedInPage;
let viewer: Page;
let video: Video;
let shareToken: string;

/** What a signed-out viewer's client is: no token, the share link's token alone. */
const anonymous = createClient(VideoService, createVideoTransport({ baseUrl, getToken: () => undefined }));

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'stream-annotate-e2e-'));
  let webm: TestWebm;
  [browser, webm] = await Promise.all([launchBrowser(), makeTestWebm(10)]);
  original = join(workDir, 'test-10s.webm');
  await writeFile(original, webm.bytes);
  owner = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName: 'Annotating Newcomer' });
  viewer = await newPage(browser);

  // As a new user would: the recording goes up through the library's Upload.
  const { page } = owner;
  await page.goto(`${baseUrl}/videos`);
  await page.getByRole('region', { name: 'Upload videos' }).waitFor();
  await page.getByLabel('choose files').setInputFiles(original);
  await page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded, processing').waitFor({ timeout: 60_000 });
  const client = videoClient(baseUrl, owner.user.idToken);
  const { videos } = await client.listVideos({ pageSize: 10 });
  video = await waitUntilProcessed(baseUrl, owner.user.idToken, videos[0]!.id, 90_000);
  expect(video.status, video.failureReason).toBe(Status.READY);
  shareToken = new URL((await client.shareVideo({ videoId: video.id })).url).pathname.split('/').pop()!;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The owner's video page in edit mode, opened by Annotate. */
async function openEditor() {
  const { page } = owner;
  await page.goto(`${baseUrl}/video/${video.id}`);
  await page.getByText(/^Uploaded on /).waitFor();
  await page.getByRole('button', { name: 'Annotate' }).click();
  const editor = page.getByRole('region', { name: 'Edit video' });
  await editor.waitFor();
  const type = async (label: string, value: string, role: 'textbox' | 'spinbutton' = 'textbox') => {
    const field = editor.getByRole(role, { name: label, exact: true });
    await field.fill(value);
    await field.press('Enter');
  };
  return { editor, type };
}

/** Polls the owner's video until its edit has landed (or failed), with `ready` true of it. */
async function editApplied(ready: (video: Video) => boolean): Promise<Video> {
  const client = videoClient(baseUrl, owner.user.idToken);
  let latest: Video | undefined;
  await expect
    .poll(
      async () => {
        latest = await client.getVideo({ videoId: video.id });
        if (latest.editState === EditState.FAILED) throw new Error(`edit failed: ${latest.editFailureReason}`);
        return latest.editState !== EditState.APPLYING && ready(latest);
      },
      { timeout: 120_000, interval: 500 },
    )
    .toBe(true);
  return latest!;
}

/** The frame at `seconds` of what a signed-out viewer of the share link streams. */
async function streamedFrameAt(seconds: number): Promise<GrayFrame> {
  const shared = await anonymous.getSharedVideo({ shareToken });
  return grayFrameAt(new URL(shared.url, baseUrl).href, seconds, WIDTH, HEIGHT);
}

describe('annotations as a new user in Chromium', () => {
  it('a text callout placed by dragging on the video shows on the watch page at its time, and not outside it', async () => {
    const { editor, type } = await openEditor();
    await editor.getByRole('button', { name: 'Add text' }).click();
    await editor.getByRole('textbox', { name: 'Text', exact: true }).fill('Look here');
    await type('To', '0:05');
    await type('From', '0:02');
    // Drag from 10 %, 10 % to 50 %, 30 % of the picture (in the middle of the window: the app's
    // sticky header covers the top).
    await editor.locator('video').evaluate((v) => v.scrollIntoView({ block: 'center' }));
    const box = (await editor.locator('video').boundingBox())!;
    await owner.page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.1);
    await owner.page.mouse.down();
    await owner.page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.3, { steps: 5 });
    await owner.page.mouse.up();
    const number = async (label: string) =>
      Number(await editor.getByRole('spinbutton', { name: label, exact: true }).inputValue());
    expect(await number('X')).toBeCloseTo(10, 0);
    expect(await number('Width')).toBeCloseTo(40, 0);
    expect(await number('Height')).toBeCloseTo(20, 0);
    await screenshot(owner.page, 'annotate-editor');
    // The editor's new fields, list and drawing layer pass axe as the other pages do.
    expect(await seriousAxeViolations(owner.page)).toEqual([]);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await editApplied((latest) => latest.annotations.length === 1);

    await viewer.goto(`${baseUrl}/s/${shareToken}`);
    const player = viewer.getByRole('region', { name: video.title });
    const element = player.locator('video');
    await expect.poll(() => element.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    const seek = (seconds: number) =>
      element.evaluate(
        (v: HTMLVideoElement, to) =>
          new Promise<void>((resolve) => {
            v.addEventListener('seeked', () => resolve(), { once: true });
            v.currentTime = to;
          }),
        seconds,
      );
    const callout = player.getByText('Look here');
    await seek(1);
    expect(await callout.count()).toBe(0);
    await seek(3);
    await callout.waitFor();
    // At its place, scaled with the player: 10 % in from the picture's left and top, 40 % wide.
    const picture = (await element.boundingBox())!;
    const drawn = (await callout.boundingBox())!;
    expect(Math.abs(drawn.x - (picture.x + picture.width * 0.1))).toBeLessThan(4);
    expect(Math.abs(drawn.y - (picture.y + picture.height * 0.1))).toBeLessThan(4);
    expect(Math.abs(drawn.width - picture.width * 0.4)).toBeLessThan(4);
    await screenshot(viewer, 'annotate-watch-callout');
    await seek(6);
    await callout.waitFor({ state: 'detached' });
    // In step with playback: playing from 1.5 s, it appears once 0:02 is reached.
    await seek(1.5);
    await player.getByRole('button', { name: 'Play' }).click();
    await callout.waitFor({ timeout: 10_000 });
    expect(await element.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(1.95);
    await player.getByRole('button', { name: 'Pause' }).click();
  }, 180_000);

  it('the embed draws the callout too, starts at the owner’s default speed, and Loop repeats the video', async () => {
    await videoClient(baseUrl, owner.user.idToken).updateVideo({
      videoId: video.id,
      defaultPlaybackRate: 1.5,
      updateMask: { paths: ['default_playback_rate'] },
    });
    await viewer.goto(`${baseUrl}/embed/${shareToken}`);
    const player = viewer.getByRole('region', { name: video.title });
    const element = player.locator('video');
    await expect.poll(() => element.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await expect.poll(() => player.getByRole('combobox', { name: 'Playback speed' }).inputValue()).toBe('1.5');
    const seek = (seconds: number) =>
      element.evaluate(
        (v: HTMLVideoElement, to) =>
          new Promise<void>((resolve) => {
            v.addEventListener('seeked', () => resolve(), { once: true });
            v.currentTime = to;
          }),
        seconds,
      );
    await seek(3);
    await player.getByText('Look here').waitFor();
    await screenshot(viewer, 'annotate-embed-callout');

    await player.getByRole('button', { name: 'Loop' }).click();
    await seek(9.5);
    await player.getByRole('button', { name: 'Play' }).click();
    // Past the end it starts again from the beginning, still playing.
    await expect
      .poll(() => element.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.2 && v.currentTime < 5), {
        timeout: 15_000,
      })
      .toBe(true);
    await player.getByRole('button', { name: 'Pause' }).click();
  }, 120_000);

  it('a blur over the top-left quarter from 0:01 to 0:04 is in the streamed pixels, and Revert brings the original back', async () => {
    const { editor, type } = await openEditor();
    await editor.getByRole('button', { name: 'Add blur' }).click();
    await type('X', '0', 'spinbutton');
    await type('Y', '0', 'spinbutton');
    await type('Width', '50', 'spinbutton');
    await type('Height', '50', 'spinbutton');
    await type('To', '0:04');
    await type('From', '0:01');
    await editor.getByRole('button', { name: /^2\. Blur 0:01\.0–0:04\.0$/ }).waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await editApplied((latest) => latest.editAnnotations.some((annotation) => annotation.kind === AnnotationKind.BLUR));

    const before = await grayFrameAt(original, 2.02, WIDTH, HEIGHT);
    const after = await streamedFrameAt(2.02);
    const originalVariance = varianceIn(before, TOP_LEFT_QUARTER);
    const blurredVariance = varianceIn(after, TOP_LEFT_QUARTER);
    console.log(`top-left quarter at 0:02: variance ${originalVariance.toFixed(0)} → ${blurredVariance.toFixed(0)}`);
    expect(blurredVariance).toBeLessThan(originalVariance / 4);
    expect(meanDifferenceOutside(after, before, QUARTER_AND_EDGE)).toBeLessThan(SAME_FRAME_MEAN_DIFFERENCE);
    for (const seconds of [0.52, 4.52, 8.02]) {
      const difference = meanDifferenceOutside(
        await streamedFrameAt(seconds),
        await grayFrameAt(original, seconds, WIDTH, HEIGHT),
      );
      expect(difference, `frame at ${seconds} s`).toBeLessThan(SAME_FRAME_MEAN_DIFFERENCE);
    }

    // The owner reverts: the original plays again, for viewers too.
    const { page } = owner;
    await page.getByRole('button', { name: 'Revert to original' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revert' }).click();
    await editApplied((latest) => latest.editState === EditState.NONE && latest.editAnnotations.length === 0);
    const reverted = await streamedFrameAt(2.02);
    expect(meanDifferenceOutside(reverted, before)).toBeLessThan(SAME_FRAME_MEAN_DIFFERENCE);
    expect(varianceIn(reverted, TOP_LEFT_QUARTER)).toBeGreaterThan(originalVariance * 0.8);
  }, 300_000);
});

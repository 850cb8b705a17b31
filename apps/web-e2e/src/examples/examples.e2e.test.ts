import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestUser } from '@stream/auth/testing';
import { Status } from '@stream/proto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from '../index';
import { makeTestWebm, uploadVideo, videoClient, waitUntilProcessed } from '../library/library-fixtures';
import {
  buildExample,
  installedFiles,
  installedManifest,
  packLibs,
  previewExample,
  type Preview,
} from './packed-example';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
let workDir: string;
let tarballs: Record<string, string>;
const previews: Preview[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'stream-examples-'));
  tarballs = packLibs(workDir);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  for (const preview of previews) await preview.stop();
  await browser?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the examples, built from the packed libs', () => {
  it('record-and-upload (plain TypeScript): records the screen, uploads it, lists it', async () => {
    const dir = buildExample('record-and-upload', workDir, tarballs);
    // Compiled modules and declarations came from the tarball, no TypeScript sources.
    const files = installedFiles(dir, '@stream/video-api');
    expect(files).toContain(join('dist', 'index.js'));
    expect(files).toContain(join('dist', 'types', 'index.d.ts'));
    expect(files.some((file) => file.startsWith('src'))).toBe(false);
    const recorder = installedManifest(dir, '@stream/recorder');
    expect(Object.keys(recorder.exports)).toEqual(['.', './react', './testing']);
    expect(recorder.peerDependencies).toHaveProperty('react');
    expect(recorder.dependencies).not.toHaveProperty('react');

    const preview = await previewExample(dir, baseUrl);
    previews.push(preview);
    const user = await createTestUser(emulatorHost);
    const page = await newPage(browser);
    await page.addInitScript((token) => localStorage.setItem('streamIdToken', token), user.idToken);
    await page.goto(preview.url);
    await page.getByRole('button', { name: 'Record' }).click();
    await page.getByRole('status').filter({ hasText: 'Recording' }).waitFor();
    await page.waitForTimeout(2000);
    await page.getByRole('button', { name: 'Stop' }).click();
    const uploaded = page.getByRole('status').filter({ hasText: /^Uploaded / });
    await uploaded.waitFor({ timeout: 30_000 });
    const id = (await uploaded.textContent())!.replace('Uploaded ', '');

    await expect.poll(() => page.locator('#videos li').allTextContents()).toEqual([expect.stringContaining(id)]);
    const video = await videoClient(baseUrl, user.idToken).getVideo({ videoId: id });
    expect(video.id).toBe(id);
    await page.context().close();
  }, 300_000);

  it('instant-share (plain TypeScript): the link at Stop, uploaded while recording, and a recording a reload left unfinished resumed', async () => {
    const dir = buildExample('instant-share', workDir, tarballs);
    const uploads = installedManifest(dir, '@stream/recording-uploads');
    expect(Object.keys(uploads.exports)).toEqual(['.', './react', './testing']);
    expect(uploads.dependencies).toHaveProperty('@stream/video-api');
    expect(uploads.dependencies).toHaveProperty('@stream/recorder');
    expect(installedFiles(dir, '@stream/recording-uploads').some((file) => file.startsWith('src'))).toBe(false);

    const preview = await previewExample(dir, baseUrl);
    previews.push(preview);
    const user = await createTestUser(emulatorHost);
    const videos = videoClient(baseUrl, user.idToken);
    const page = await newPage(browser);
    await page.addInitScript((token) => localStorage.setItem('streamIdToken', token), user.idToken);
    await page.goto(preview.url);
    const status = page.getByRole('status');
    const link = page.locator('#link');
    await page.getByRole('button', { name: 'Record' }).click();
    // Bytes on the server while recording: the upload runs before Stop.
    await status.filter({ hasText: /^Recording \([1-9]\d* bytes uploaded\)$/ }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(2000);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => link.getAttribute('href'), { timeout: 2_000 }).toContain('/s/');
    await status.filter({ hasText: 'Video uploaded successfully!' }).waitFor({ timeout: 30_000 });
    const [first] = (await videos.listVideos({ pageSize: 10 })).videos;
    expect(await link.getAttribute('href')).toContain('/s/');

    // A second recording, left by a reload midway: offered again, and Resume upload finishes the same video.
    await page.getByRole('button', { name: 'Record' }).click();
    await status.filter({ hasText: /^Recording \([1-9]\d* bytes uploaded\)$/ }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(2000);
    await page.reload();
    const resume = page
      .getByRole('region', { name: 'Unfinished recordings' })
      .getByRole('button', { name: 'Resume upload' });
    await resume.waitFor();
    expect(await resume.count()).toBe(1);
    await resume.click();
    await status.filter({ hasText: 'Video uploaded successfully!' }).waitFor({ timeout: 30_000 });
    expect(await link.getAttribute('href')).toContain('/s/');
    await resume.waitFor({ state: 'detached' });
    const listed = (await videos.listVideos({ pageSize: 10 })).videos.map((video) => video.id);
    expect(listed).toHaveLength(2); // the resumed upload made no third video
    expect(listed).toContain(first!.id);
    await page.context().close();
  }, 300_000);

  it('react-player (React): plays a Stream video by its URL in the @stream/ui player', async () => {
    const dir = buildExample('react-player', workDir, tarballs);
    const preview = await previewExample(dir, baseUrl);
    previews.push(preview);

    const user = await createTestUser(emulatorHost);
    const webm = await makeTestWebm(4);
    const id = await uploadVideo(baseUrl, user.idToken, webm);
    const video = await waitUntilProcessed(baseUrl, user.idToken, id);
    expect(video.status).toBe(Status.READY);

    const page = await newPage(browser);
    await page.goto(`${preview.url}/?src=${encodeURIComponent(video.url)}`);
    await page.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.5);
    await page.context().close();
  }, 300_000);
});

import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { Code, ConnectError } from '@connectrpc/connect';
import { Status, Visibility } from '@stream/proto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { downloadedBytes, launchBrowser, newSignedInPage, type SignedInPage } from '../index';
import { makeTestWebm, uploadVideo, videoClient, waitUntilProcessed, type TestWebm } from '../library/library-fixtures';
import { readZip } from '@stream/video-api/testing';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');
const dataDir = inject('dataDir');

/**
 * Every file under `dir`, relative to it. The shared API deletes other tests' videos meanwhile, and
 * a recursive readdirSync throws ENOENT when a folder it listed is gone before it reads it: a folder
 * that vanishes mid-walk holds nothing, so it counts as empty.
 */
function filesUnder(dir: string, prefix = ''): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(dir, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries.flatMap((entry) => {
    const path = join(prefix, entry.name);
    return entry.isDirectory() ? [path, ...filesUnder(dir, path)] : [path];
  });
}

let browser: Browser;
let webm: TestWebm;
let ada: SignedInPage;

beforeAll(async () => {
  [browser, webm] = await Promise.all([launchBrowser(), makeTestWebm(2)]);
  ada = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName: 'Token Name' });
}, 180_000);

afterAll(async () => {
  await ada?.page.context().close();
  await browser?.close();
});

// The settings page in order, as one person would: name, default, export, delete.
it('A sets a display name, makes new uploads public, exports the exact bytes and metadata, then deletes everything', async () => {
  const page = ada.page;

  // "Display name" is saved and is in the top bar after a reload.
  await page.goto(`${baseUrl}/settings#profile`);
  const name = page.getByRole('textbox', { name: 'Display name' });
  await expect.poll(() => name.inputValue()).toBe('Token Name');
  await name.fill('Ada Settings');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByRole('region', { name: 'Profile' }).getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  await page.reload();
  await page.getByRole('button', { name: 'Ada Settings' }).waitFor(); // the user menu's button in the top bar

  // "Default visibility" Public: a new upload is public.
  await page.getByLabel('Default visibility').selectOption('Public');
  await page.getByRole('region', { name: 'Defaults' }).getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  const videoId = await uploadVideo(baseUrl, ada.user.idToken, webm);
  const video = await waitUntilProcessed(baseUrl, ada.user.idToken, videoId);
  expect(video.status).toBe(Status.READY);
  expect(video.visibility).toBe(Visibility.PUBLIC);
  const signedOutWatch = await fetch(`${baseUrl}/watch/${videoId}`);
  expect(signedOutWatch.status).toBe(200);

  // "Export my data": the zip holds the bytes the stream serves and the video's metadata.
  await page.goto(`${baseUrl}/settings#data`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^stream-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readZip(await downloadedBytes(download));
  const streamed = Buffer.from(
    await (
      await fetch(`${baseUrl}/api/videoservice/video/${videoId}`, {
        headers: { authorization: `Bearer ${ada.user.idToken}` },
      })
    ).arrayBuffer(),
  );
  const folder = [...zip.keys()]
    .find((key) => key.endsWith(`(${videoId})/metadata.json`))!
    .replace(/metadata\.json$/, '');
  expect(zip.get(`${folder}video.webm`)?.bytes.equals(streamed)).toBe(true);
  const metadata = JSON.parse(zip.get('videos.json')!.bytes.toString()) as { id: string; visibility: string }[];
  expect(metadata).toEqual([expect.objectContaining({ id: videoId, visibility: 'PUBLIC', status: 'READY' })]);
  expect(zip.has(`${folder}thumbnail.jpg`)).toBe(true);

  // "Delete my account": typed email, then the video, its watch page, stream and bytes are gone.
  expect(filesUnder(join(dataDir, 'blobs')).some((file) => file.includes(videoId))).toBe(true);
  await page.getByLabel(/Type your email/).fill(ada.user.email);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('status').filter({ hasText: 'Your account was deleted.' }).waitFor();
  expect((await fetch(`${baseUrl}/watch/${videoId}`)).status).toBe(404);
  expect((await fetch(`${baseUrl}/api/videoservice/video/${videoId}`)).status).toBeGreaterThanOrEqual(400);
  const gone = await videoClient(baseUrl, ada.user.idToken)
    .getVideo({ videoId })
    .then(
      () => undefined,
      (error: unknown) => ConnectError.from(error).code,
    );
  expect([Code.NotFound, Code.Unauthenticated]).toContain(gone);
  expect(filesUnder(join(dataDir, 'blobs')).filter((file) => file.includes(videoId))).toEqual([]);
}, 240_000);

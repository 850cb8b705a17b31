import { Status, Visibility } from '@stream/proto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, type SignedInPage } from '../index';
import { makeTestWebm, uploadVideo, videoClient, waitUntilProcessed } from '../library/library-fixtures';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
let owner: SignedInPage;
let videoId: string;

beforeAll(async () => {
  let webm;
  [browser, webm] = await Promise.all([launchBrowser(), makeTestWebm(2)]);
  owner = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName: 'Two Tabs' });
  videoId = await uploadVideo(baseUrl, owner.user.idToken, webm);
  const video = await waitUntilProcessed(baseUrl, owner.user.idToken, videoId);
  if (video.status !== Status.READY) throw new Error(`processing failed: ${video.failureReason}`);
}, 180_000);

afterAll(async () => {
  await owner?.page.context().close();
  await browser?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

// Each page sends UpdateVideo with only what its user changed (an update_mask), so a
// tab whose cached video is stale does not put back what another tab changed.
it('a video made private in one tab stays private when another tab, still showing it public, renames it', async () => {
  const client = videoClient(baseUrl, owner.user.idToken);
  await client.updateVideo({ videoId, title: 'Two tabs', description: 'Agenda', visibility: Visibility.PUBLIC });
  const first = owner.page;
  const second = await first.context().newPage();
  for (const tab of [first, second]) {
    await tab.goto(`${baseUrl}/video/${videoId}`);
    await heading(tab, 'Two tabs').waitFor();
  }

  await first.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = first.getByRole('dialog', { name: 'Share video' });
  await expect.poll(() => dialog.getByRole('textbox', { name: 'Link' }).inputValue()).toMatch(/\/s\/[\w-]+$/);
  await dialog.getByRole('radio', { name: /^Private/ }).click();
  await expect.poll(async () => (await client.getVideo({ videoId })).visibility).toBe(Visibility.PRIVATE);

  await second.getByRole('button', { name: 'Rename' }).click();
  await second.getByRole('textbox', { name: 'Title' }).fill('Renamed in the other tab');
  await second.keyboard.press('Enter');
  await heading(second, 'Renamed in the other tab').waitFor();

  const saved = await client.getVideo({ videoId });
  expect({ title: saved.title, description: saved.description, visibility: saved.visibility }).toEqual({
    title: 'Renamed in the other tab',
    description: 'Agenda',
    visibility: Visibility.PRIVATE,
  });
  await second.close();
}, 120_000);

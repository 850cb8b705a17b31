import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot, type SignedInPage } from '../index';
import { videoClient } from '../library/library-fixtures';
import { ownerWithVideo, type OwnerWithVideo } from '../library/owner-with-video';
import { Visibility } from '@stream/proto';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let stage: OwnerWithVideo;
let owner: SignedInPage;
let viewer: Page;
let videoId: string;

beforeAll(async () => {
  stage = await ownerWithVideo({ baseUrl, emulatorHost, displayName: 'Share Owner' });
  ({ owner, viewer } = stage);
  videoId = stage.video.id;
}, 180_000);

afterAll(() => stage?.close());

const notAvailable = (page: Page) => page.getByRole('heading', { name: 'This video is not available' });

/** Opens the share dialog on the video's page (unless open) and returns the link once it shows. */
async function openShare(page: Page): Promise<string> {
  if (!(await page.getByRole('dialog', { name: 'Share video' }).isVisible()))
    await page.getByRole('button', { name: 'Share', exact: true }).click();
  const field = page.getByRole('dialog', { name: 'Share video' }).getByRole('textbox', { name: 'Link' });
  await expect.poll(() => field.inputValue()).toMatch(/\/s\/[\w-]+$/);
  return field.inputValue();
}

async function closeShare(page: Page) {
  await page.getByRole('dialog', { name: 'Share video' }).getByRole('button', { name: 'Done' }).click();
}

describe('sharing a recording in Chromium', () => {
  it('share, watch signed out with seeking, count the view, Private, expiry, reset, rename, delete', async () => {
    const { page } = owner;
    await page.goto(`${baseUrl}/video/${videoId}`);
    await page.getByText(/^Uploaded on /).waitFor();
    const title = await page.getByRole('heading', { level: 1 }).innerText();

    // Opening Share on a private video changes nothing: the dialog asks, and closing it leaves the
    // video private with no link made.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share video' });
    await dialog
      .getByRole('textbox', { name: 'Link', exact: true })
      .and(page.getByPlaceholder(/^No link yet/))
      .waitFor();
    expect(await dialog.getByRole('radio', { name: /^Private/ }).isChecked()).toBe(true);
    await closeShare(page);
    const owners = videoClient(baseUrl, owner.user.idToken);
    expect((await owners.getVideo({ videoId })).visibility).toBe(Visibility.PRIVATE);

    // Share: the person chooses "Anyone with the link", and the link shows.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByRole('radio', { name: /^Anyone with the link/ }).click();
    const link = await openShare(page);
    expect(link.startsWith(baseUrl)).toBe(true);
    expect((await owners.getVideo({ videoId })).visibility).toBe(Visibility.SHARED);
    await screenshot(page, 'share-dialog');
    await closeShare(page);

    // The signed-out viewer opens it, plays, seeks (by a Range request).
    const ranges: number[] = [];
    viewer.on('response', (response) => {
      if (response.url().includes('/api/videoservice/video/')) ranges.push(response.status());
    });
    await viewer.goto(link);
    await viewer.getByRole('heading', { level: 1, name: title }).waitFor();
    await viewer.getByRole('link', { name: 'Record your own' }).waitFor();
    const video = viewer.locator('video');
    await viewer.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.3), { timeout: 20_000 })
      .toBe(true);
    await viewer.getByRole('slider', { name: 'Seek' }).fill('6');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.seeking && v.readyState >= 2 && v.currentTime), {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(6);
    expect(ranges).toContain(206);
    // 3 s of playback count one view, which the owner sees.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(9.5);
    // Paused long before the end, so only the 3 s of playback can have counted it.
    await viewer.getByRole('button', { name: 'Pause' }).click();
    await screenshot(viewer, 'share-watch');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText(/^Uploaded on /).waitFor();
          return page.getByText(/^\d+ views?$/).innerText();
        },
        { timeout: 20_000 },
      )
      .toBe('1 view');

    // Private: the viewer's reload says not available, and nothing about the video.
    await openShare(page);
    await page.getByRole('radio', { name: /^Private/ }).click();
    await expect.poll(() => page.getByRole('radio', { name: /^Private/ }).isChecked()).toBe(true);
    await closeShare(page);
    await viewer.reload();
    await notAvailable(viewer).waitFor();
    expect(await viewer.content()).not.toContain(title);

    // Share again with an expiry of 1 day: the same link works again.
    expect(await openShare(page)).toBe(link);
    await page.getByRole('radio', { name: /^Anyone with the link/ }).click();
    await expect.poll(() => page.getByRole('radio', { name: /^Anyone with the link/ }).isChecked()).toBe(true);
    await page.getByRole('combobox', { name: 'Link expires' }).selectOption({ label: '1 day' });
    await page.getByText(/^The link works until /).waitFor();
    await viewer.reload();
    await viewer.getByRole('heading', { level: 1, name: title }).waitFor();

    // Reset link: the old one is dead, the new one works.
    await page.getByRole('button', { name: 'Reset link' }).click();
    await page.getByRole('button', { name: 'Make a new link' }).click();
    await page.getByText('The old link no longer works. Share the new one above.').waitFor();
    const newLink = await page.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(newLink).not.toBe(link);
    await closeShare(page);
    await viewer.goto(link);
    await notAvailable(viewer).waitFor();
    await viewer.goto(newLink);
    await viewer.getByRole('heading', { level: 1, name: title }).waitFor();

    // Edit the title: the list and the watch page show it.
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Renamed demo');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Renamed demo' }).waitFor();
    await viewer.reload();
    await viewer.getByRole('heading', { level: 1, name: 'Renamed demo' }).waitFor();
    await page.goto(`${baseUrl}/videos`);
    await page.getByRole('link', { name: 'Renamed demo' }).waitFor();

    // The embed is the player alone; a PUBLIC video also plays at /watch/{id}, signed out.
    await viewer.goto(newLink.replace('/s/', '/embed/'));
    await viewer.getByRole('region', { name: 'Renamed demo' }).waitFor();
    expect(await viewer.getByRole('link', { name: 'Record your own' }).count()).toBe(0);
    await page.goto(`${baseUrl}/video/${videoId}`);
    await openShare(page);
    await page.getByRole('radio', { name: /^Public/ }).click();
    await expect.poll(() => page.getByRole('radio', { name: /^Public/ }).isChecked()).toBe(true);
    await closeShare(page);
    await viewer.goto(`${baseUrl}/watch/${videoId}`);
    await viewer.getByRole('heading', { level: 1, name: 'Renamed demo' }).waitFor();
    await page.goto(`${baseUrl}/videos`);
    await page.getByRole('link', { name: 'Renamed demo' }).getByText('Public').waitFor();

    // Download saves <title>.webm: the link says so, and so does the server's answer. Once the MP4
    // rendition is made, Download is a menu and the WebM is its "Original".
    await page.getByRole('link', { name: 'Renamed demo' }).click();
    await page.getByRole('heading', { level: 1, name: 'Renamed demo' }).waitFor();
    const download = page.getByRole('link', { name: /^(Download|Original)$/, includeHidden: true });
    expect(await download.getAttribute('download')).toBe('Renamed demo.webm');
    const saved = await fetch(new URL((await download.getAttribute('href')) ?? '', baseUrl), {
      headers: { authorization: `Bearer ${owner.user.idToken}` },
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-disposition')).toBe('attachment; filename="Renamed demo.webm"');
    await saved.body?.cancel();

    // Delete: gone from the list and the watch page, its stream 404.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete video?' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${baseUrl}/videos`);
    await page.getByText('No videos yet').waitFor();
    await viewer.reload();
    await notAvailable(viewer).waitFor();
    const stream = await fetch(`${baseUrl}/api/videoservice/video/${videoId}`, {
      headers: { authorization: `Bearer ${owner.user.idToken}` },
    });
    expect(stream.status).toBe(404);
  }, 240_000);
});

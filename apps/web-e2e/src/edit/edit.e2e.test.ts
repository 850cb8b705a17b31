import { join } from 'node:path';
import { Visibility } from '@stream/proto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { docsScreensDir } from '../harness/paths';
import { screenshot, type SignedInPage } from '../index';
import { videoClient } from '../library/library-fixtures';
import { ownerWithVideo, type OwnerWithVideo } from '../library/owner-with-video';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let stage: OwnerWithVideo;
let owner: SignedInPage;
let viewer: Page;
let videoId: string;
let title: string;

beforeAll(async () => {
  stage = await ownerWithVideo({ baseUrl, emulatorHost, displayName: 'Edit Owner' });
  ({ owner, viewer } = stage);
  videoId = stage.video.id;
  title = stage.video.title;
}, 180_000);

afterAll(() => stage?.close());

/** The filmstrip and its handles lie wholly inside the viewport, below the editor's player. */
async function expectTimelineInView(page: Page, editor: Locator) {
  const viewport = page.viewportSize()!;
  const filmstrip = (await editor.getByTestId('filmstrip').boundingBox())!;
  const video = (await editor.locator('video').boundingBox())!;
  expect(filmstrip.y).toBeGreaterThanOrEqual(video.y + video.height);
  expect(filmstrip.y).toBeGreaterThanOrEqual(0);
  expect(filmstrip.y + filmstrip.height).toBeLessThanOrEqual(viewport.height);
}

const player = (page: Page) => page.getByRole('region', { name: title });
const currentTime = (page: Page) =>
  player(page)
    .locator('video')
    .evaluate((v: HTMLVideoElement) => v.currentTime);

describe('editing a recording in Chromium', () => {
  it('trims both ends and cuts a middle range, then plays the edited length', async () => {
    const { page } = owner;
    await page.goto(`${baseUrl}/video/${videoId}`);
    await page.getByText(/^Uploaded on /).waitFor();
    await page.getByRole('button', { name: 'Edit video' }).click();
    const editor = page.getByRole('region', { name: 'Edit video' });
    // Edit mode has one player, in the page's player's place, and its timeline in view under it.
    await editor.waitFor();
    expect(await page.locator('video').count()).toBe(1);
    expect(await editor.locator('video').count()).toBe(1);
    await expectTimelineInView(page, editor);
    await page.screenshot({ path: join(docsScreensDir(), 'trim-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    // The side navigation slides away into its drawer at this width.
    await page.locator('nav[aria-label="Main"]').waitFor({ state: 'hidden' });
    await editor.evaluate((section) => section.scrollIntoView({ block: 'start' }));
    await expectTimelineInView(page, editor);
    await page.screenshot({ path: join(docsScreensDir(), 'trim-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    const type = async (label: string, value: string) => {
      const field = editor.getByRole('textbox', { name: label, exact: true });
      await field.fill(value);
      await field.press('Enter');
    };
    await type('Start', '0:02');
    await type('End', '0:26.5');
    await type('Cut from', '0:10');
    await type('Cut to', '0:14');
    await editor.getByRole('button', { name: 'Cut', exact: true }).click();
    await expect.poll(() => editor.getByTestId('edit-result').innerText()).toBe('Result: 0:20.5 of 0:30.0');
    // The handles span the filmstrip, so each sits over the frame it names.
    const filmstrip = (await editor.getByTestId('filmstrip').boundingBox())!;
    for (const handle of ['Start handle', 'End handle']) {
      const box = (await editor.getByRole('slider', { name: handle }).boundingBox())!;
      expect(Math.abs(box.x - filmstrip.x), handle).toBeLessThan(2);
      expect(Math.abs(box.width - filmstrip.width), handle).toBeLessThan(2);
    }
    await screenshot(page, 'edit-mode');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });

    // The previous version plays until the render lands; then the player shows the edited length.
    await expect
      .poll(() => player(page).getByTestId('player-time').innerText(), { timeout: 60_000 })
      .toMatch(/\/ 0:2[01]$/);
    expect(await page.getByRole('status').filter({ hasText: 'Applying edits…' }).count()).toBe(0);
    const video = player(page).locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 30_000 })
      .toBeGreaterThan(20.3);
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeLessThan(20.7);
    await player(page).getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
    await player(page).getByRole('button', { name: 'Pause' }).click();
    await screenshot(page, 'edit-applied');
  }, 120_000);

  it('adds chapters that mark the seek bar and seek, and a default speed the watch page applies', async () => {
    const { page } = owner;
    const settings = page.getByRole('region', { name: 'Chapters and playback' });
    await settings.getByRole('button', { name: 'Add chapter' }).click();
    await settings.getByRole('textbox', { name: 'Chapter 1 time' }).fill('0:05');
    await settings.getByRole('textbox', { name: 'Chapter 1 time' }).press('Enter');
    await settings.getByRole('textbox', { name: 'Chapter 1 note' }).fill('Here is the bug');
    await settings.getByRole('button', { name: 'Add chapter' }).click();
    await settings.getByRole('textbox', { name: 'Chapter 2 time' }).fill('0:12');
    await settings.getByRole('textbox', { name: 'Chapter 2 time' }).press('Enter');
    await settings.getByRole('textbox', { name: 'Chapter 2 note' }).fill('The fix');
    await settings.getByRole('combobox', { name: 'Default speed' }).selectOption('1.5');
    await settings.getByRole('button', { name: 'Save chapters and speed' }).click();
    await settings.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    await expect.poll(() => player(page).getByTestId('chapter-mark').count()).toBe(2);
    await player(page)
      .getByRole('navigation', { name: 'Chapters' })
      .getByRole('button', { name: /The fix/ })
      .click();
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(12);

    // Hovering the seek bar shows the storyboard tile of that moment.
    const seek = player(page).getByRole('slider', { name: 'Seek' });
    const box = (await seek.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    await player(page)
      .getByRole('img', { name: /^Preview at / })
      .waitFor();
    await screenshot(page, 'edit-chapters-preview');

    // A viewer of the public video gets the chapters and starts at the owner's speed.
    const client = videoClient(baseUrl, owner.user.idToken);
    await client.updateVideo({ videoId, title, description: '', visibility: Visibility.PUBLIC });
    await viewer.goto(`${baseUrl}/watch/${videoId}`);
    await viewer.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => player(viewer).getByRole('combobox', { name: 'Playback speed' }).inputValue()).toBe('1.5');
    expect(await player(viewer).getByTestId('chapter-mark').count()).toBe(2);
    await player(viewer).getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(() =>
        player(viewer)
          .locator('video')
          .evaluate((v: HTMLVideoElement) => v.playbackRate),
      )
      .toBe(1.5);
    await screenshot(viewer, 'edit-watch');
  });
});

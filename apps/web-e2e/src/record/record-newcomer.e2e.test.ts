/**
 * A newcomer on /record, in Chromium with fake devices against the real API: the controls stay in
 * view while recording at 850 px height (Screen + camera, Area) and Space stops; at Stop the link
 * says who can watch (Private under a Default visibility of Private), is on the clipboard with focus
 * on Copy, and one choice changes who can watch (the visibility alone); Discard of an unfinished
 * recording asks first; a browser without screen capture (a phone) gets Camera only before Start.
 * Writes docs/screens/stop-{desktop,phone}.png.
 */
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { AccountService, VideoService, Visibility } from '@stream/proto';
import { createVideoTransport } from '@stream/video-api';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from '../harness/axe';
import { docsScreensDir } from '../harness/paths';
import { launchBrowser, newSignedInPage } from '../index';
import { previewOf, recordedAtLeast } from './record-steps';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** /record signed in at `viewport`, with the countdown off and `source` remembered; `init` runs before the page. */
async function recordPage(
  viewport: { width: number; height: number },
  options: { source?: string; panelOpen?: boolean; instantUploads?: boolean; init?: () => void } = {},
) {
  const { page, user } = await newSignedInPage(browser, {
    baseUrl,
    emulatorHost: inject('emulatorHost'),
    instantUploads: options.instantUploads ?? false,
  });
  await page.setViewportSize(viewport);
  await page.addInitScript(
    (settings) => window.localStorage.setItem('stream.recorder.settings', settings),
    JSON.stringify({ countdown: false, source: options.source ?? 'screen', panelOpen: options.panelOpen ?? false }),
  );
  if (options.init) await page.addInitScript(options.init);
  await page.goto(`${baseUrl}/record`);
  await page.getByRole('heading', { level: 1, name: 'Record' }).waitFor();
  return { page, user };
}

/** The element's box lies wholly inside the window (not merely partly). */
async function whollyInView(page: Page, element: Locator): Promise<boolean> {
  const box = (await element.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
}

async function startEnabled(page: Page) {
  await page.waitForFunction(
    () =>
      !(
        [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Start Recording')) as
          HTMLButtonElement | undefined
      )?.disabled,
  );
}

function videoClient(token: string) {
  return createClient(VideoService, createVideoTransport({ baseUrl, getToken: () => token }));
}

function accountClient(token: string) {
  return createClient(AccountService, createVideoTransport({ baseUrl, getToken: () => token }));
}

describe('/record for a newcomer', () => {
  it(
    'Stop stays wholly in view at 1280×850 in Screen + camera and Area, scrolled either way, and Space stops',
    { timeout: 120_000 },
    async () => {
      // The settings open (as a newcomer leaves them after choosing a microphone): the page is tallest.
      const { page } = await recordPage({ width: 1280, height: 850 }, { source: 'screen+camera', panelOpen: true });
      const stop = page.getByRole('button', { name: 'Stop Recording' });
      for (const mode of ['screen+camera', 'area'] as const) {
        await startEnabled(page);
        await page.getByRole('combobox', { name: 'Source' }).selectOption(mode);
        await page.getByRole('button', { name: 'Start Recording' }).click();
        if (mode === 'area') {
          // The chooser opens below the settings: it is brought into view and focused, and the bar
          // says what it waits for (its Start and Stop are both disabled meanwhile).
          const confirm = page.getByRole('button', { name: 'Record this area' });
          await confirm.waitFor();
          await expect.poll(() => whollyInView(page, confirm)).toBe(true);
          expect(await whollyInView(page, page.getByRole('spinbutton', { name: 'Height' }))).toBe(true);
          expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
            'Choose the area to record',
          );
          await page.getByTestId('recording-bar').getByText('Choose the area to record').waitFor();
          await confirm.click();
        }
        // Two seconds: on a busy machine the first composited frames can take a second to come.
        await recordedAtLeast(page, 2);
        if (mode === 'screen+camera') await page.getByLabel('Live recording').waitFor();
        for (const scroll of ['top', 'bottom'] as const) {
          await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.body.scrollHeight), scroll);
          const shown = await whollyInView(page, stop);
          expect(shown, `${mode}, scrolled to the ${scroll}`).toBe(true);
          expect(await whollyInView(page, page.getByTestId('elapsed-time'))).toBe(true);
        }
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press(' ');
        await previewOf(page).waitFor();
      }
      await page.context().close();
    },
  );

  it(
    'at Stop the link says who can watch and one choice changes the visibility alone; Discard asks first',
    { timeout: 180_000 },
    async () => {
      const { page, user } = await recordPage({ width: 1280, height: 800 }, { instantUploads: true });
      // Default visibility Private (/settings), said explicitly: the recording must come out private.
      await accountClient(user.idToken).setDefaults({ defaultVisibility: Visibility.PRIVATE });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      const created = page.waitForResponse(
        (response) => response.url().endsWith('/api/uploads/') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Start Recording' }).click();
      const videoId = (await (await created).headerValue('stream-video-id'))!;
      await recordedAtLeast(page, 2);
      await page.getByRole('button', { name: 'Stop Recording' }).click();
      await page.waitForFunction(() =>
        (document.getElementById('video-link') as HTMLInputElement | null)?.value.includes('/s/'),
      );
      const said = page.getByTestId('who-can-watch');
      const choice = page.getByRole('combobox', { name: 'Who can watch' });
      expect(await said.innerText()).toBe('Only you can watch it: the link does not work until you share it.');
      expect(await choice.inputValue()).toBe('private');
      const videos = videoClient(user.idToken);
      expect((await videos.getVideo({ videoId })).visibility).toBe(Visibility.PRIVATE);
      // The link the Stop screen shows is on the clipboard, it says so, and focus waits on Copy.
      const link = await page.locator('#video-link').inputValue();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
      expect(
        await page.evaluate(() => document.activeElement === document.getElementById('video-link')?.nextElementSibling),
      ).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copied');
      await page.getByRole('status').filter({ hasText: 'Video uploaded successfully!' }).waitFor({ timeout: 60_000 });
      await page.screenshot({ path: join(docsScreensDir(), 'stop-desktop.png') });
      expect(await seriousAxeViolations(page)).toEqual([]);

      // A description the page never saw: a change of who can watch must leave it as it is.
      await videos.updateVideo({ videoId, description: 'Written elsewhere', updateMask: { paths: ['description'] } });
      await choice.selectOption({ label: 'Anyone with the link' });
      await said.filter({ hasText: 'Anyone with the link can watch' }).waitFor();
      await expect.poll(async () => (await videos.getVideo({ videoId })).visibility).toBe(Visibility.SHARED);
      await choice.selectOption({ label: 'Public' });
      await said.filter({ hasText: /^Anyone can watch/ }).waitFor();
      await expect.poll(async () => (await videos.getVideo({ videoId })).visibility).toBe(Visibility.PUBLIC);
      const saved = await videos.getVideo({ videoId });
      expect([saved.description, saved.title]).toEqual(['Written elsewhere', expect.stringMatching(/^Recording /)]);
      await choice.selectOption({ label: 'Only me' });
      await said.filter({ hasText: 'Only you can watch it: the link does not work until you share it.' }).waitFor();
      await expect.poll(async () => (await videos.getVideo({ videoId })).visibility).toBe(Visibility.PRIVATE);
      await page.setViewportSize({ width: 390, height: 844 });
      // The side navigation slides away below the lg width: wait for it to have gone.
      await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition));
      await choice.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(docsScreensDir(), 'stop-phone.png') });
      await page.setViewportSize({ width: 1280, height: 800 });

      // An unfinished recording (the page reloaded mid-recording): Discard asks first.
      await startEnabled(page);
      await page.getByRole('button', { name: 'Start Recording' }).click();
      await recordedAtLeast(page, 2);
      await page.reload();
      const list = page.getByRole('region', { name: 'Unfinished recordings' });
      const discard = list.getByRole('button', { name: 'Discard' });
      const dialog = page.getByRole('alertdialog', { name: 'Discard this recording?' });
      await discard.click();
      await dialog.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await discard.click();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await list.getByRole('listitem').count()).toBe(1);
      await discard.click();
      await dialog.getByRole('button', { name: 'Discard recording' }).click();
      await list.waitFor({ state: 'detached' });
      await page.context().close();
    },
  );

  it('a phone without screen capture gets Camera only before Start, saying why, and records', async () => {
    const { page } = await recordPage(
      { width: 390, height: 844 },
      { init: () => delete (MediaDevices.prototype as Partial<MediaDevices>).getDisplayMedia },
    );
    const source = page.getByRole('combobox', { name: 'Source' });
    expect(await source.inputValue()).toBe('camera');
    await page
      .getByText('This browser cannot record the screen (most phones cannot), so Camera only is chosen.')
      .waitFor();
    expect(await source.locator('option[value="screen"]').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await recordedAtLeast(page, 1);
    expect(await whollyInView(page, page.getByRole('button', { name: 'Stop Recording' }))).toBe(true);
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await previewOf(page).waitFor();
    await page.context().close();
  });
});

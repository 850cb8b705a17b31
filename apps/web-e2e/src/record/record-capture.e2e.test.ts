/**
 * /record when capture does not go as planned, in Chromium against the real API: a refused screen
 * share is explained on the page, a refused microphone still records (and says so), and ending the
 * share from the browser's side stops and uploads like Stop Recording. Chromium's fake UI always
 * grants, so the refusals are the DOMExceptions the browser raises, injected before the app loads.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, screenshot } from '../index';
import { previewOf, successAlert } from './record-steps';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signedInRecordPage(init?: () => void): Promise<Page> {
  const baseUrl = inject('baseUrl');
  const { page } = await newSignedInPage(browser, { baseUrl, emulatorHost: inject('emulatorHost') });
  if (init) await page.addInitScript(init);
  await page.goto(`${baseUrl}/record`);
  await page.getByRole('heading', { level: 1, name: 'Record' }).waitFor();
  return page;
}

const uploadRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (request) => request.url().endsWith('/api/videoservice/upload') && urls.push(request.url()));
  return urls;
};

describe('/record capture', () => {
  it('a refused screen share is explained on the page and nothing is uploaded', { timeout: 90_000 }, async () => {
    const page = await signedInRecordPage(() => {
      navigator.mediaDevices.getDisplayMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const uploads = uploadRequests(page);
    await page.getByRole('button', { name: 'Start Recording' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'sharing the screen was cancelled or blocked' });
    await notice.waitFor();
    await screenshot(page, 'record-denied');
    expect(await page.getByRole('button', { name: 'Start Recording' }).isEnabled()).toBe(true);
    expect(await previewOf(page).count()).toBe(0);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    expect(await notice.count()).toBe(0);
    expect(uploads).toEqual([]);
    await page.context().close();
  });

  it('a refused microphone still records the screen, says so, and uploads', { timeout: 90_000 }, async () => {
    const page = await signedInRecordPage(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByRole('alert').filter({ hasText: 'microphone is not being recorded' }).waitFor();
    await page.waitForTimeout(1_500);
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await previewOf(page).waitFor();
    await successAlert(page).waitFor();
    await page.context().close();
  });

  it(
    "ending the share from the browser's side stops the recording, previews and uploads it",
    { timeout: 90_000 },
    async () => {
      const page = await signedInRecordPage(() => {
        const devices = navigator.mediaDevices;
        const getDisplayMedia = devices.getDisplayMedia.bind(devices);
        devices.getDisplayMedia = async (constraints) => {
          const stream = await getDisplayMedia(constraints);
          (window as unknown as { sharedScreen: MediaStream }).sharedScreen = stream;
          return stream;
        };
      });
      await page.getByRole('button', { name: 'Start Recording' }).click();
      await page.getByTestId('elapsed-time').waitFor();
      await page.waitForTimeout(1_500);
      // What Chromium does when the person clicks "Stop sharing" in its own bar.
      await page.evaluate(() => {
        const [video] = (window as unknown as { sharedScreen: MediaStream }).sharedScreen.getVideoTracks();
        video!.stop();
        video!.dispatchEvent(new Event('ended'));
      });
      await previewOf(page).waitFor();
      await successAlert(page).waitFor();
      expect(await page.getByRole('button', { name: 'Start Recording' }).isEnabled()).toBe(true);
      await page.context().close();
    },
  );
});

/**
 * The upload's failures as a person meets them on /record (docs/product.md, Messages), each against the real API
 * and followed by Re-upload Video: 413 from a second API whose MAX_UPLOAD_BYTES is below the
 * recording, 401 from a token the server cannot verify, offline from Playwright's offline mode.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, screenshot, startApi, type ApiServer } from '../index';
import { errorAlert, previewOf, recordFor, successAlert } from './record-steps';

const uploadPath = '/api/videoservice/upload';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Every upload request the page sends, with its answer's status. */
function watchUploads(page: Page) {
  const statuses: (number | 'failed')[] = [];
  page.on('requestfinished', async (request: Request) => {
    if (!request.url().endsWith(uploadPath)) return;
    statuses.push((await request.response())?.status() ?? 'failed');
  });
  page.on('requestfailed', (request: Request) => {
    if (request.url().endsWith(uploadPath)) statuses.push('failed');
  });
  return statuses;
}

async function expectRecordingKept(page: Page) {
  expect(await previewOf(page).getAttribute('src')).toMatch(/^blob:/);
  expect(await page.getByRole('button', { name: 'Download' }).isEnabled()).toBe(true);
}

describe('/record upload failures', () => {
  it(
    '413: says the video is too large, keeps the recording, and Re-upload Video sends it again',
    { timeout: 180_000 },
    async () => {
      const small: ApiServer = await startApi({
        webDist: inject('webDist'),
        emulatorHost: inject('emulatorHost'),
        databaseTemplate: inject('databaseTemplate'),
        env: { MAX_UPLOAD_BYTES: '1000' },
      });
      try {
        const { page } = await newSignedInPage(browser, {
          baseUrl: small.baseUrl,
          emulatorHost: inject('emulatorHost'),
        });
        const uploads = watchUploads(page);
        await page.goto(`${small.baseUrl}/record`);
        await recordFor(page, 2_000);

        const tooLarge = errorAlert(page, 'Video file is too large. Please record a shorter video.');
        await tooLarge.waitFor();
        await expectRecordingKept(page);
        await screenshot(page, 'record-413');
        expect(uploads).toEqual([413]);

        await page.getByRole('button', { name: 'Re-upload Video' }).click();
        await page.waitForFunction(() => !document.body.innerText.includes('Uploading video...'));
        await tooLarge.waitFor();
        expect(uploads).toEqual([413, 413]);
        await expectRecordingKept(page);

        // Dismiss clears the alert; the Re-upload button stays for another try.
        await tooLarge.getByRole('button', { name: 'Dismiss' }).click();
        expect(await tooLarge.count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Re-upload Video' }).count()).toBe(1);
        await page.context().close();
      } finally {
        await small.stop();
      }
    },
  );

  it(
    '401: a token the server cannot verify says the session expired; Re-upload Video with the real token succeeds',
    { timeout: 120_000 },
    async () => {
      const baseUrl = inject('baseUrl');
      const { page } = await newSignedInPage(browser, { baseUrl, emulatorHost: inject('emulatorHost') });
      const uploads = watchUploads(page);
      await page.goto(`${baseUrl}/record`);
      // The token the page sends is replaced by a forged one (a valid-looking JWT the emulator never signed).
      const forged = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.`;
      await page.route(`**${uploadPath}`, (route) =>
        route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${forged}` } }),
      );
      await recordFor(page, 1_500);

      await errorAlert(page, 'Session expired. Please login again.').waitFor();
      await expectRecordingKept(page);
      await screenshot(page, 'record-401');
      expect(uploads).toEqual([401]);

      await page.unroute(`**${uploadPath}`);
      await page.getByRole('button', { name: 'Re-upload Video' }).click();
      await successAlert(page).waitFor();
      expect(await page.getByRole('button', { name: 'Re-upload Video' }).count()).toBe(0);
      expect(uploads).toEqual([401, 201]);
      await page.context().close();
    },
  );

  it('offline: says there is no connection; back online, Re-upload Video succeeds', { timeout: 120_000 }, async () => {
    const baseUrl = inject('baseUrl');
    const { page } = await newSignedInPage(browser, { baseUrl, emulatorHost: inject('emulatorHost') });
    const uploads = watchUploads(page);
    await page.goto(`${baseUrl}/record`);
    // The network goes away while recording; the upload that starts on Stop meets it.
    await recordFor(page, 1_500, () => page.context().setOffline(true));

    await errorAlert(page, 'No internet connection. Please check your network.').waitFor();
    await expectRecordingKept(page);
    await screenshot(page, 'record-offline');

    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Re-upload Video' }).click();
    await successAlert(page).waitFor();
    expect(await page.getByRole('button', { name: 'Re-upload Video' }).count()).toBe(0);
    expect(uploads.at(-1)).toBe(201);
    await page.context().close();
  });
});

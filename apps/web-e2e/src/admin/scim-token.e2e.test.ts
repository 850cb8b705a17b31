/**
 * /admin's SCIM section in Chromium: it says SCIM is on and the base URL to give the directory;
 * Rotate SCIM token asks first, then shows the new token once; that token works at /scim/v2 and
 * SCIM_TOKEN no longer does. A person the directory made is then listed as coming from SCIM,
 * readable on a 320-pixel-wide phone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, screenshot, startApi, type ApiServer } from '../index';

const SCIM_TOKEN = 'scim-e2e-env-token-0123456789abcdef0123456';
let api: ApiServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const [started, launched] = await Promise.all([
    startApi({
      webDist: inject('webDist'),
      emulatorHost: inject('emulatorHost'),
      databaseTemplate: inject('databaseTemplate'),
      // ADMIN_EMAILS unset: the first person to sign in is the admin.
      env: { SCIM_TOKEN, WORKER: 'false' },
    }),
    launchBrowser(),
  ]);
  api = started;
  browser = launched;
  page = (await newSignedInPage(browser, { baseUrl: api.baseUrl, emulatorHost: inject('emulatorHost') })).page;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

const scimUsers = (token: string, init: RequestInit = {}) =>
  fetch(`${api.baseUrl}/scim/v2/Users`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
  });

describe("/admin's SCIM section", () => {
  it('rotates the token after asking, shows it once, and only the new token works', async () => {
    await page.goto(`${api.baseUrl}/admin`);
    const section = page.getByRole('region', { name: 'SCIM' });
    await section.getByText('SCIM provisioning is on').waitFor({ timeout: 30_000 });
    expect(await section.getByLabel('SCIM base URL').inputValue()).toMatch(/\/scim\/v2$/);
    expect(await section.getByLabel('New SCIM token').count()).toBe(0);

    // Asked first: Cancel changes nothing.
    await section.getByRole('button', { name: 'Rotate SCIM token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the SCIM token?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await scimUsers(SCIM_TOKEN)).status).toBe(200);

    await section.getByRole('button', { name: 'Rotate SCIM token' }).click();
    await dialog.getByRole('button', { name: 'Rotate token' }).click();
    const field = section.getByLabel('New SCIM token');
    await field.waitFor({ timeout: 30_000 });
    const token = await field.inputValue();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await section.getByRole('status').innerText()).toMatch(/shown only this once/);
    await screenshot(page, 'admin-scim-rotated');

    expect((await scimUsers(SCIM_TOKEN)).status).toBe(401);
    expect((await scimUsers(token)).status).toBe(200);

    const made = await scimUsers(token, {
      method: 'POST',
      body: JSON.stringify({ userName: 'directory.person@example.com', displayName: 'Dora Directory' }),
    });
    expect(made.status).toBe(201);

    // A fresh load never shows the token again; the person the directory made says where they came from.
    await page.setViewportSize({ width: 320, height: 720 });
    await page.reload();
    const row = page.getByRole('row', { name: 'Dora Directory' });
    const source = row.getByTestId('person-source');
    await source.waitFor({ timeout: 30_000 });
    expect(await source.innerText()).toBe('Comes from: SCIM');
    const box = await source.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
    expect(await page.getByLabel('New SCIM token').count()).toBe(0);
    await screenshot(page, 'admin-people-source-320');
  });
});

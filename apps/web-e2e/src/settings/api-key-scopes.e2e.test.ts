import { Code, ConnectError } from '@connectrpc/connect';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, type SignedInPage } from '../index';
import { videoClient } from '../library/library-fixtures';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
let ada: SignedInPage;

beforeAll(async () => {
  browser = await launchBrowser();
  ada = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName: 'Key Maker' });
}, 180_000);

afterAll(async () => {
  await ada?.page.context().close();
  await browser?.close();
});

const codeOf = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (error: unknown) => ConnectError.from(error).code,
  );

it('makes a read-only key on /settings#api-keys, lists it as Read only, and the key reads but cannot write', async () => {
  const page = ada.page;
  await page.goto(`${baseUrl}/settings#api-keys`);
  const section = page.getByRole('region', { name: 'API keys' });
  await section.getByRole('textbox', { name: 'Key name' }).fill('Dashboard');
  await section.getByRole('combobox', { name: 'Access' }).selectOption({ label: 'Read only' });
  await section.getByRole('button', { name: 'Create key' }).click();
  const secret = section.getByLabel('New API key');
  await expect.poll(() => secret.inputValue()).toMatch(/^stk_/);
  const key = await secret.inputValue();
  const row = section
    .getByRole('list', { name: 'Your API keys' })
    .getByRole('listitem')
    .filter({ hasText: 'Dashboard' });
  await row.getByText('Read only').waitFor();

  const asKey = videoClient(baseUrl, key);
  expect((await asKey.listVideos({ pageSize: 5 })).videos).toEqual([]);
  expect(await codeOf(asKey.createVideo({ title: 'Not by a reader' }))).toBe(Code.PermissionDenied);
  expect((await videoClient(baseUrl, ada.user.idToken).listVideos({ pageSize: 5 })).videos).toEqual([]);
}, 240_000);

// Storage quotas in Chromium: an API started with DEFAULT_QUOTA_BYTES=3000000 refuses a 5 MB
// upload on /videos with a message and stores nothing; the admin (ADMIN_EMAILS) raises that
// person's quota on /admin, and the same upload then goes in.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestUser, uniqueEmail } from '@stream/auth/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  newSignedInPage,
  screenshot,
  signInThroughUi,
  startApi,
  type ApiServer,
  type SignedInPage,
} from '../index';
import { makeTestWebm, videoClient } from '../library/library-fixtures';

const emulatorHost = inject('emulatorHost');
const FIVE_MB = 5_000_000;

let api: ApiServer;
let browser: Browser;
let workDir: string;
let fiveMb: string;
let person: SignedInPage;
const adminEmail = uniqueEmail('admin');

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'stream-e2e-quota-'));
  const [started, launched, webm] = await Promise.all([
    startApi({
      webDist: inject('webDist'),
      emulatorHost,
      databaseTemplate: inject('databaseTemplate'),
      env: { DEFAULT_QUOTA_BYTES: '3000000', ADMIN_EMAILS: adminEmail, WORKER: 'false' },
    }),
    launchBrowser(),
    makeTestWebm(2),
  ]);
  api = started;
  browser = launched;
  // A real WebM, padded to 5 MB: the server checks its first bytes, not its end.
  const bytes = Buffer.from(webm.bytes);
  fiveMb = join(workDir, 'five megabytes.webm');
  await writeFile(fiveMb, Buffer.concat([bytes, Buffer.alloc(FIVE_MB - bytes.length, 7)]));
  person = await newSignedInPage(browser, { baseUrl: api.baseUrl, emulatorHost, displayName: 'Quota Person' });
}, 180_000);

afterAll(async () => {
  await person?.page.context().close();
  await browser?.close();
  await api?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function blobsOnDisk(): Promise<string[]> {
  return readdir(join(api.dataDir, 'blobs'), { recursive: true }).catch(() => []);
}

describe('a storage quota', () => {
  it('refuses a 5 MB upload with a message, then takes it once the admin raised the quota on /admin', async () => {
    const { page } = person;
    await page.goto(`${api.baseUrl}/videos`);
    await page.getByRole('region', { name: 'Upload videos' }).waitFor();
    await page.getByLabel('choose files').setInputFiles([fiveMb]);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await expect
      .poll(() => uploads.getByRole('alert').textContent(), { timeout: 30_000 })
      .toMatch(/storage quota is full/);
    await screenshot(page, 'quota-refused');
    expect((await videoClient(api.baseUrl, person.user.idToken).listVideos({ pageSize: 10 })).videos).toEqual([]);
    expect((await blobsOnDisk()).filter((name) => !name.endsWith('/'))).toEqual([]);

    // The admin raises that person's quota on /admin.
    const admin = await createTestUser(emulatorHost, {
      email: adminEmail,
      displayName: 'Instance Admin',
      emailVerified: true,
    });
    const adminPage = await newPage(browser);
    await signInThroughUi(adminPage, api.baseUrl, admin.email, admin.password);
    await adminPage.goto(`${api.baseUrl}/admin`);
    const row = adminPage.getByRole('row', { name: 'Quota Person' });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toMatch(/0 bytes of 3\.0 MB \(default\)/);
    await adminPage.getByLabel('Quota for Quota Person in MB').fill('10');
    await row.getByRole('button', { name: 'Set quota' }).click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(/0 bytes of 10 MB/);
    const log = adminPage.getByRole('region', { name: 'Audit log' });
    await expect.poll(() => log.textContent()).toMatch(/person\.quota .* quota default -> 10000000 bytes/);
    await screenshot(adminPage, 'admin-quota-raised');
    await adminPage.context().close();

    // The same file now goes in.
    await page.reload();
    await page.getByRole('region', { name: 'Upload videos' }).waitFor();
    await page.getByLabel('choose files').setInputFiles([fiveMb]);
    await page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded, processing').waitFor({ timeout: 60_000 });
    const { videos } = await videoClient(api.baseUrl, person.user.idToken).listVideos({ pageSize: 10 });
    expect(videos.map((video) => [video.title, video.sizeBytes])).toEqual([['five megabytes', BigInt(FIVE_MB)]]);
  }, 240_000);
});

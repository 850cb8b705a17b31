// Branding and gated embeds in Chromium. The admin's accent colour applies on the watch page and in
// the embed with no Content Security Policy violation (it came as an inline <style>, which the
// CSP's style-src 'self' refused). A password-gated embed framed by a page of another site
// (127.0.0.1 framing localhost) unlocks and plays: the frame gets no cookie of ours, so it keeps
// the grant the unlock answered with in memory.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@connectrpc/connect';
import { createTestUser, uniqueEmail } from '@stream/auth/testing';
import { AdminService, ShareLinkService } from '@stream/proto';
import { createVideoTransport } from '@stream/video-api';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot, startApi, type ApiServer } from '../index';
import { videoClient } from '../library/library-fixtures';
import { ownerWithVideo, type OwnerWithVideo } from '../library/owner-with-video';

const emulatorHost = inject('emulatorHost');
const ACCENT = '#c2410c';
const adminEmail = uniqueEmail('brand-admin');

let api: ApiServer;
let stage: OwnerWithVideo;
let host: Server;
let hostSite: string;
let link: string;

/** Another site's page pasting the embed code: one iframe of `src`. */
function startHostSite(): Promise<Server> {
  const server = createServer((request, response) => {
    const src = (new URL(request.url ?? '/', 'http://host').searchParams.get('src') ?? '').replace(
      /[^\w:/.?=&%-]/g,
      '',
    );
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><body style="margin:0"><iframe src="${src}" width="640" height="360"></iframe></body>`,
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  [api, host] = await Promise.all([
    startApi({
      webDist: inject('webDist'),
      emulatorHost,
      databaseTemplate: inject('databaseTemplate'),
      env: { ADMIN_EMAILS: adminEmail },
    }),
    startHostSite(),
  ]);
  hostSite = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  const admin = await createTestUser(emulatorHost, { email: adminEmail, emailVerified: true });
  await createClient(
    AdminService,
    createVideoTransport({ baseUrl: api.baseUrl, getToken: () => admin.idToken }),
  ).setBranding({ branding: { productName: 'Acme Video', logoUrl: '', accentColor: ACCENT } });
  stage = await ownerWithVideo({ baseUrl: api.baseUrl, emulatorHost, displayName: 'Gate Owner', seconds: 8 });
  link = (await videoClient(api.baseUrl, stage.owner.user.idToken).shareVideo({ videoId: stage.video.id })).url;
}, 240_000);

afterAll(async () => {
  await stage?.close();
  host?.close();
  await api?.stop();
});

/** Every CSP violation any frame of `page` reports, from its event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    ),
  );
  return violations;
}

const primaryColour = (frame: Page | Frame) =>
  frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());

describe('branding and a gated embed on another site (Chromium)', () => {
  it("the watch page takes the admin's accent colour with no CSP violation", async () => {
    const page = stage.viewer;
    const violations = await watchViolations(page);
    await page.goto(link);
    await page.getByRole('heading', { name: stage.video.title }).waitFor({ timeout: 30_000 });
    expect(await primaryColour(page)).toBe(ACCENT);
    await screenshot(page, 'branding-watch-page');
    expect(violations).toEqual([]);
  }, 90_000);

  it('a password-gated embed framed by another site unlocks, keeps the brand and plays', async () => {
    const owner = stage.owner.user.idToken;
    await createClient(
      ShareLinkService,
      createVideoTransport({ baseUrl: api.baseUrl, getToken: () => owner }),
    ).updateShareLink({ videoId: stage.video.id, linkId: 'main', password: 'frame sesame' });
    // The API's own origin by another name: localhost is another site than the host's 127.0.0.1.
    const embed = link.replace('/s/', '/embed/').replace('//127.0.0.1:', '//localhost:');
    const page = await stage.viewer.context().browser()!.newPage();
    const violations = await watchViolations(page);
    await page.goto(`${hostSite}/?src=${encodeURIComponent(embed)}`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'This video is protected' }).waitFor({ timeout: 30_000 });
    await frame.getByLabel('Password').fill('wrong');
    await frame.getByRole('button', { name: 'Watch the video' }).click();
    await frame.getByRole('alert').getByText('That password is not right').waitFor();
    await frame.getByLabel('Password').fill('frame sesame');
    await frame.getByRole('button', { name: 'Watch the video' }).click();

    const play = frame.getByRole('button', { name: 'Play' });
    await play.waitFor({ timeout: 30_000 });
    const inner = page.frames().find((f) => f.url().startsWith('http://localhost:'))!;
    expect(await primaryColour(inner)).toBe(ACCENT);
    await play.click();
    await expect
      .poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 1), {
        timeout: 30_000,
      })
      .toBe(true);
    await screenshot(page, 'gated-embed-on-another-site');
    expect(violations).toEqual([]);
    await page.close();
  }, 120_000);
});

/**
 * Phones, against the real API in Chromium: at 320, 390 and 430 px no page of the app scrolls
 * sideways (`scrollWidth <= innerWidth`), signed in and signed out, and search works on a phone
 * (from the navigation drawer: the top bar has no room for it).
 */
import { Visibility } from '@stream/proto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { videoClient } from '../library/library-fixtures';
import { ownerWithVideo, type OwnerWithVideo } from '../library/owner-with-video';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');
const WIDTHS = [320, 390, 430] as const;

let stage: OwnerWithVideo;
let shareToken: string;

beforeAll(async () => {
  stage = await ownerWithVideo({ baseUrl, emulatorHost, displayName: 'Phone Owner With A Long Display Name' });
  const videos = videoClient(baseUrl, stage.owner.user.idToken);
  await videos.updateVideo({
    videoId: stage.video.id,
    title: 'Quarterly budget review for the new office in Lisbon',
    visibility: Visibility.PUBLIC,
    updateMask: { paths: ['title', 'visibility'] },
  });
  shareToken = new URL((await videos.shareVideo({ videoId: stage.video.id })).url).pathname.split('/').pop()!;
}, 180_000);

afterAll(() => stage?.close());

/** Every route of apps/web/src/routes, as the signed-in owner sees it. */
const signedInPaths = () => [
  '/',
  '/videos',
  '/record',
  '/settings',
  '/profile',
  '/team',
  '/notifications',
  '/admin',
  `/video/${stage.video.id}`,
  `/watch/${stage.video.id}`,
  `/s/${shareToken}`,
  `/embed/${shareToken}`,
  '/invite/no-such-invite',
];

/** The same routes signed out (the signed-in ones lead to /login). */
const signedOutPaths = () => [
  '/login',
  '/videos',
  `/watch/${stage.video.id}`,
  `/s/${shareToken}`,
  `/embed/${shareToken}`,
  '/invite/no-such-invite',
];

/** Opens `path` and waits until the page has drawn what it loads (its heading or its player). */
async function open(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('h1, h2, video').first().waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByText(/^Loading/).count(), { timeout: 30_000 }).toBe(0);
  // Two frames: whatever the last answer changed is laid out.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** How far the page is wider than the window, and the widest element that sticks out. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const extra = document.documentElement.scrollWidth - window.innerWidth;
    const culprit = [...document.querySelectorAll('body *')].find(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5,
    );
    return extra <= 0 ? 'fits' : `${extra} px too wide (${culprit?.outerHTML.slice(0, 160)})`;
  });

describe('phones: no sideways scroll', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px, signed in: every page fits`, { timeout: 240_000 }, async () => {
      const { page } = stage.owner;
      await page.setViewportSize({ width, height: 800 });
      for (const path of signedInPaths()) {
        await open(page, path);
        expect(`${path}: ${await overflow(page)}`).toBe(`${path}: fits`);
      }
    });

    it(`at ${width} px, signed out: every page fits`, { timeout: 240_000 }, async () => {
      const page = stage.viewer;
      await page.setViewportSize({ width, height: 800 });
      for (const path of signedOutPaths()) {
        await open(page, path);
        expect(`${path}: ${await overflow(page)}`).toBe(`${path}: fits`);
      }
    });
  }
});

describe('phones: search', () => {
  it('at 390 px, search is in the navigation drawer and finds the video', { timeout: 120_000 }, async () => {
    const { page } = stage.owner;
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/');
    expect(await page.getByRole('searchbox', { name: 'Search' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const search = page.getByRole('navigation', { name: 'Main' }).getByRole('searchbox', { name: 'Search' });
    await search.fill('lisbon');
    await search.press('Enter');
    await page.getByRole('link', { name: /^Quarterly budget review/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/videos');
    expect(await page.getByRole('button', { name: 'Open navigation' }).getAttribute('aria-expanded')).toBe('false');
    expect(await overflow(page)).toBe('fits');
  });
});

describe('the side navigation', () => {
  it('shows keyboard focus as a solid outline in the text colour', async () => {
    const { page } = stage.owner;
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, '/');
    const videos = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Videos' });
    // Tab until the link has focus: :focus-visible as a keyboard user gets it.
    for (let i = 0; i < 30 && !(await videos.evaluate((link) => link === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    const ring = await videos.evaluate((link) => {
      const style = getComputedStyle(link);
      return { focusVisible: link.matches(':focus-visible'), style: style.outlineStyle, width: style.outlineWidth };
    });
    expect(ring).toEqual({ focusVisible: true, style: 'solid', width: '2px' });
    // The outline is the text's colour, so it contrasts with the navigation as the words do.
    expect(await videos.evaluate((link) => getComputedStyle(link).outlineColor)).toBe(
      await page.evaluate(() => getComputedStyle(document.querySelector('nav[aria-label="Main"]')!).color),
    );
  });
});

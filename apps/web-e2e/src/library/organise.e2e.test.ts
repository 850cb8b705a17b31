// The organised library in Chromium against the real API: search from the top bar, a
// folder made in a dialog with a card dragged into it, breadcrumbs, tags from the video page and a
// click that filters by one, three videos selected and moved at once, sorting by title, and a
// reload that keeps the view.
import { createTestUser } from '@stream/auth/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, screenshot, type SignedInPage } from '../index';
import { videoClient } from './library-fixtures';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let browser: Browser;
let owner: SignedInPage;

const titles = ['Budget review', 'Onboarding walkthrough', 'Quarterly roadmap', 'Recording of the demo', 'Team sync'];

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName: 'Organised Owner' });
  const client = videoClient(baseUrl, owner.user.idToken);
  for (const title of titles) await client.createVideo({ title, description: `About ${title.toLowerCase()}` });
  // Someone else's video with a matching word never shows.
  const stranger = await createTestUser(emulatorHost);
  await videoClient(baseUrl, stranger.idToken).createVideo({ title: 'Recording of a stranger' });
}, 120_000);

afterAll(async () => {
  await owner?.page.context().close();
  await browser?.close();
});

const grid = (page: Page) => page.getByRole('region', { name: 'List of Videos' });
/** The titles of the cards on screen, in order. */
const cardTitles = (page: Page) =>
  grid(page)
    .locator('a[href^="/video/"]')
    .evaluateAll((links) => links.map((link) => link.querySelector('h3')?.textContent ?? null));

describe('an organised library in Chromium', () => {
  it('search, folders, tags, many at once, sort, and a reload that keeps the view', async () => {
    const { page } = owner;
    await page.goto(`${baseUrl}/videos`);
    await expect.poll(() => cardTitles(page)).toHaveLength(5);

    // Search: `/` focuses the box; typing filters in place.
    await page.keyboard.press('/');
    await page.keyboard.type('recor');
    await expect.poll(() => cardTitles(page)).toEqual(['Recording of the demo']);
    await page.getByRole('status').getByText('1 video match “recor”').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('recor');
    expect(await grid(page).locator('mark').first().textContent()).toBe('Recor');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => cardTitles(page)).toHaveLength(5);

    // A folder from the dialog (Enter creates it); a card dragged onto it; open it; back.
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByRole('textbox', { name: 'Name' }).fill('Launch');
    await page.keyboard.press('Enter');
    const folder = page.getByRole('link', { name: /^Folder Launch/ });
    await folder.waitFor();
    await grid(page).getByRole('link', { name: 'Team sync' }).dragTo(folder);
    await expect.poll(() => folder.textContent()).toContain('1');
    await folder.click();
    await expect.poll(() => cardTitles(page)).toEqual(['Team sync']);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await crumbs.getByText('Launch').waitFor();
    await crumbs.getByRole('link', { name: 'All videos' }).click();
    await expect.poll(() => cardTitles(page)).toHaveLength(5);

    // Tags on two videos from their pages (Enter adds; the second is offered the first's tag).
    for (const title of ['Budget review', 'Quarterly roadmap']) {
      await grid(page).getByRole('link', { name: title }).click();
      await page.getByRole('combobox', { name: 'Tags' }).fill('finance');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Remove tag finance' }).waitFor();
      await page.goBack();
      await expect.poll(() => cardTitles(page)).toHaveLength(5);
    }
    await page.getByRole('list', { name: 'Tags of Budget review' }).getByRole('link', { name: 'finance' }).click();
    await expect.poll(() => cardTitles(page)).toEqual(['Quarterly roadmap', 'Budget review']);
    expect(new URL(page.url()).searchParams.get('tag')).toBe('finance');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => cardTitles(page)).toHaveLength(5);

    // Three selected with a click and a shift-click, moved at once.
    const shown = await cardTitles(page);
    await page.getByRole('checkbox', { name: `Select ${shown[0]}` }).click();
    await page.getByRole('checkbox', { name: `Select ${shown[2]}` }).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('toolbar', { name: 'Selected videos' });
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('button', { name: 'Move to folder' }).click();
    const move = page.getByRole('dialog', { name: 'Move 3 videos' });
    await move.getByRole('combobox', { name: 'Folder' }).selectOption({ label: 'Launch' });
    await move.getByRole('button', { name: 'Move' }).click();
    await expect.poll(() => bar.count()).toBe(0);
    await folder.click();
    await expect
      .poll(async () => (await cardTitles(page)).sort())
      .toEqual([...new Set([...shown.slice(0, 3), 'Team sync'])].sort());

    // Sort by title; a reload keeps the folder and the order.
    await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Title' });
    const byTitle = [...new Set([...shown.slice(0, 3), 'Team sync'])].sort();
    await expect.poll(() => cardTitles(page)).toEqual(byTitle);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('title');
    await page.reload();
    await expect.poll(() => cardTitles(page)).toEqual(byTitle);
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText('Launch').waitFor();
    // On a card as narrow as a 6-column grid makes it, no control over the thumbnail hides its status.
    const hidden = await grid(page)
      .locator('a[href^="/video/"]')
      .evaluateAll((links) =>
        links.flatMap((link) => {
          // The status badge: drawn over the thumbnail's corner, last in the link.
          const badge = link.querySelector(':scope > .badge')!.getBoundingClientRect();
          return [...link.parentElement!.querySelectorAll('input[type="checkbox"], button')]
            .map((control) => control.getBoundingClientRect())
            .filter((box) => box.width > 0 && box.left < badge.right && badge.left < box.right)
            .filter((box) => box.top < badge.bottom && badge.top < box.bottom)
            .map(() => link.querySelector('h3')?.textContent ?? null);
        }),
      );
    expect(hidden).toEqual([]);
    await screenshot(page, 'library-organised');
  });
});

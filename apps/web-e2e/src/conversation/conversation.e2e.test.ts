// The conversation around a video, as new users would do it in Chromium: A shares a video and keeps
// its page open; B, signed in, opens the link, seeks to 0:03 and posts markup; A's open page shows
// it as text at 0:03 without a reload, a click seeks A's player there, A's bell shows it unread,
// and after B watches, A's insights list B under "Seen by".
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newSignedInPage, type SignedInPage } from '../harness/accounts';
import { screenshot } from '../index';
import { ownerWithVideo, type OwnerWithVideo } from '../library/owner-with-video';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');
const MARKUP = '<img src=x onerror=alert(1)>';

let stage: OwnerWithVideo;
let b: SignedInPage;

beforeAll(async () => {
  stage = await ownerWithVideo({ baseUrl, emulatorHost, displayName: 'Ann Owner', seconds: 10 });
  b = await newSignedInPage(stage.viewer.context().browser()!, { baseUrl, emulatorHost, displayName: 'Bea Viewer' });
}, 180_000);

afterAll(() => stage?.close());

describe('the conversation on a video in Chromium', () => {
  it("B's comment reaches A's open page live, as text, seeks A's player, rings A's bell; A sees B watched", async () => {
    const a = stage.owner.page;
    const alerts: string[] = [];
    for (const page of [a, b.page])
      page.on('dialog', (dialog) => void (alerts.push(dialog.message()), dialog.dismiss()));

    await a.goto(`${baseUrl}/video/${stage.video.id}`);
    await a.getByText(/^Uploaded on /).waitFor();
    await a.getByRole('button', { name: 'Share', exact: true }).click();
    // The video is private: opening Share changes nothing until A chooses who can watch.
    await a
      .getByRole('dialog', { name: 'Share video' })
      .getByRole('radio', { name: /^Anyone with the link/ })
      .click();
    const field = a.getByRole('dialog', { name: 'Share video' }).getByRole('textbox', { name: 'Link' });
    await expect.poll(() => field.inputValue()).toMatch(/\/s\/[\w-]+$/);
    const link = await field.inputValue();
    await a.getByRole('dialog', { name: 'Share video' }).getByRole('button', { name: 'Done' }).click();
    await a.getByRole('heading', { name: /^Comments/ }).waitFor();
    const reloads: string[] = [];
    a.on('framenavigated', (frame) => frame === a.mainFrame() && reloads.push(frame.url()));

    // B opens the link, seeks to 0:03 and posts markup as a comment.
    await b.page.goto(link);
    await b.page.getByRole('textbox', { name: 'Add a comment' }).waitFor();
    await b.page.getByRole('slider', { name: 'Seek' }).fill('3');
    await expect
      .poll(() => b.page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    await b.page.getByRole('textbox', { name: 'Add a comment' }).fill(MARKUP);
    await b.page.getByRole('button', { name: 'Post' }).click();

    // A's open page shows it, as text, at 0:03, without a reload.
    const comment = a.getByRole('article', { name: 'Comment by Bea Viewer' });
    await comment.getByText(MARKUP, { exact: true }).waitFor({ timeout: 10_000 });
    expect(reloads).toEqual([]);
    expect(await a.locator('img[src="x"]').count()).toBe(0);
    await comment.getByRole('button', { name: 'Play from 0:03' }).click();
    await expect
      .poll(() => a.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeCloseTo(3, 0);
    await screenshot(a, 'conversation-owner');

    // A's bell shows the unread notification (it asks every 15 s).
    await a.getByRole('link', { name: 'Notifications (1 unread)' }).waitFor({ timeout: 30_000 });

    // B watches a little and pauses: the beacon tells A's insights.
    await b.page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect
      .poll(() => b.page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(5);
    await b.page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect
      .poll(
        async () => {
          await a.reload();
          const seenBy = a.getByRole('list', { name: 'Seen by' });
          await seenBy.waitFor({ timeout: 10_000 }).catch(() => undefined);
          return (await seenBy.count()) > 0 ? seenBy.innerText() : '';
        },
        { timeout: 30_000 },
      )
      .toContain('Bea Viewer');
    await screenshot(a, 'conversation-insights');
    expect(alerts).toEqual([]);
  });
});

// Share links that know their audience, in Chromium, as a new owner and viewers would do it: the
// owner puts a password on the link, makes a named link for Dana and a call-to-action button in the
// share dialog; a signed-out viewer meets a form that names nothing of the video, gives the
// password and plays, and clicks the button; Dana watches through her link; the owner's insights
// say "Dana (link)" and count the click.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot } from '../index';
import { ownerWithVideo, type OwnerWithVideo } from '../library/owner-with-video';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let stage: OwnerWithVideo;

beforeAll(async () => {
  stage = await ownerWithVideo({ baseUrl, emulatorHost, displayName: 'Lee Owner', seconds: 8 });
}, 180_000);

afterAll(() => stage?.close());

describe('links that know their audience, in Chromium', () => {
  it('a password gate, a named link and a call to action, seen in insights', async () => {
    const owner = stage.owner.page;
    const title = stage.video.title;
    await owner.goto(`${baseUrl}/video/${stage.video.id}`);
    await owner.getByText(/^Uploaded on /).waitFor();
    await owner.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share video' });
    // The video is private: opening Share changes nothing until the owner chooses who can watch.
    await dialog.getByRole('radio', { name: /^Anyone with the link/ }).click();
    const field = dialog.getByRole('textbox', { name: 'Link' });
    await expect.poll(() => field.inputValue()).toMatch(/\/s\/[\w-]+$/);
    const link = await field.inputValue();

    // The main link asks a password.
    const mainLink = dialog.getByRole('listitem', { name: 'Main link' });
    await mainLink.getByLabel('Password for everyone').fill('open sesame');
    await mainLink.getByRole('button', { name: 'Set password' }).click();
    await mainLink.getByText('Password set').waitFor();
    // A named link for Dana.
    await dialog.getByLabel('Name of the recipient').fill('Dana');
    await dialog.getByRole('button', { name: 'Make link' }).click();
    const danaField = dialog.getByRole('textbox', { name: 'Address for Dana' });
    await danaField.waitFor();
    const danaLink = await danaField.inputValue();
    expect(danaLink).not.toBe(link);
    // A button shown throughout.
    const cta = dialog.getByRole('form', { name: 'Call to action' });
    await cta.getByLabel('Button label').fill('Book a call');
    await cta.getByLabel('Button URL').fill('https://example.com/book');
    await cta.getByLabel('Show the button').selectOption('throughout');
    await cta.getByRole('button', { name: 'Save button' }).click();
    await cta.getByRole('button', { name: 'Remove button' }).waitFor();
    await screenshot(owner, 'links-share-dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // A signed-out viewer: a form, nothing of the video, until the password.
    const viewer = stage.viewer;
    await viewer.goto(link);
    await viewer.getByRole('heading', { name: 'This video is protected' }).waitFor();
    expect(await viewer.content()).not.toContain(title);
    expect(await viewer.locator('video').count()).toBe(0);
    await viewer.getByLabel('Password').fill('wrong');
    await viewer.getByRole('button', { name: 'Watch the video' }).click();
    await viewer.getByRole('alert').getByText('That password is not right').waitFor();
    await viewer.getByLabel('Password').fill('open sesame');
    await viewer.getByRole('button', { name: 'Watch the video' }).click();
    await viewer.getByRole('heading', { name: title }).waitFor({ timeout: 20_000 });
    await screenshot(viewer, 'links-unlocked-watch-page');

    // The button opens its link in a new tab; the click counts.
    const button = viewer.getByRole('link', { name: 'Book a call' });
    expect(await button.getAttribute('href')).toBe('https://example.com/book');
    await viewer.route('https://example.com/**', (route) => route.fulfill({ status: 200, body: 'booked' }));
    const [opened] = await Promise.all([viewer.context().waitForEvent('page'), button.click()]);
    await opened.close();

    // Dana watches through her link (no password on it) and pauses: her beacon names her.
    await viewer.goto(danaLink);
    await viewer.getByRole('heading', { name: title }).waitFor({ timeout: 20_000 });
    await viewer.getByRole('button', { name: 'Play', exact: true }).click();
    await expect
      .poll(() => viewer.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(3);
    await viewer.getByRole('button', { name: 'Pause', exact: true }).click();

    await expect
      .poll(
        async () => {
          await owner.reload();
          const seenBy = owner.getByRole('list', { name: 'Seen by' });
          await seenBy.waitFor({ timeout: 10_000 }).catch(() => undefined);
          return (await seenBy.count()) > 0 ? seenBy.innerText() : '';
        },
        { timeout: 30_000 },
      )
      .toContain('Dana (link)');
    const clicks = owner.locator('.stat', { hasText: 'Button clicks' });
    expect(await clicks.locator('dd').innerText()).toBe('1');
    await screenshot(owner, 'links-insights');
  });
});

/**
 * Transcripts in Chromium: an API started with TRANSCRIBE_URL at a small
 * OpenAI-compatible server written here (not ours: it answers the same lines for any audio). A
 * 10 s upload gets a transcript panel with those words and a captions track with those cues; a
 * click on the line at 0:04 seeks the player to 0:04; the library's search for a word only the
 * transcript holds lists the video, with the line, and opens it at that moment. The owner takes
 * the title suggested from the transcript, and cuts a sentence away by selecting its words.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Status } from '@stream/proto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, screenshot, startApi, type ApiServer } from '../index';
import { makeTestWebm, uploadVideo, videoClient, waitUntilProcessed } from '../library/library-fixtures';

const LINES = [
  { start: 0.5, end: 3.5, text: ' Welcome to the quarterly walkthrough.' },
  { start: 4, end: 7.5, text: ' Here the zeppelin dashboard shows revenue.' },
  { start: 8, end: 9.5, text: ' Thanks for watching.' },
];

/** The words' times, as a server asked for timestamp_granularities[]=word answers them. */
const WORDS = LINES.flatMap((line) => {
  const words = line.text.trim().split(' ');
  const step = (line.end - line.start) / words.length;
  return words.map((word, i) => ({ word, start: line.start + i * step, end: line.start + (i + 1) * step }));
});

let fake: Server;
let api: ApiServer;
let browser: Browser;
let page: Page;
let videoId: string;
let ownerToken: string;

beforeAll(async () => {
  fake = createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          language: 'english',
          text: LINES.map((l) => l.text).join(''),
          segments: LINES,
          words: WORDS,
        }),
      ),
    );
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  const transcribeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  const [started, launched, webm] = await Promise.all([
    startApi({
      webDist: inject('webDist'),
      emulatorHost: inject('emulatorHost'),
      databaseTemplate: inject('databaseTemplate'),
      env: { TRANSCRIBE: 'on', TRANSCRIBE_URL: transcribeUrl },
    }),
    launchBrowser(),
    makeTestWebm(10),
  ]);
  api = started;
  browser = launched;
  const owner = await newSignedInPage(browser, {
    baseUrl: api.baseUrl,
    emulatorHost: inject('emulatorHost'),
    displayName: 'Transcript Owner',
  });
  page = owner.page;
  ownerToken = owner.user.idToken;
  videoId = await uploadVideo(api.baseUrl, owner.user.idToken, webm);
  const video = await waitUntilProcessed(api.baseUrl, owner.user.idToken, videoId);
  if (video.status !== Status.READY) throw new Error(`processing failed: ${video.failureReason}`);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  fake?.close();
});

const player = (p: Page) => p.locator('video');

describe('transcripts in Chromium', () => {
  it('shows the transcript beside the video, captions with its cues, and seeks to a line on a click', async () => {
    await page.goto(`${api.baseUrl}/video/${videoId}`);
    const panel = page.getByRole('region', { name: 'Transcript' });
    const line = panel.getByRole('button', { name: /0:04\s*Here the zeppelin dashboard shows revenue\./ });
    await line.waitFor({ timeout: 60_000 });
    expect(await panel.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Welcome to the quarterly walkthrough.'),
      expect.stringContaining('Here the zeppelin dashboard shows revenue.'),
      expect.stringContaining('Thanks for watching.'),
    ]);

    // The captions track (made from the transcript) carries the same cues, and CC turns it off and on.
    const cues = () =>
      player(page).evaluate((video: HTMLVideoElement) =>
        Array.from(video.textTracks[0]?.cues ?? []).map((cue) => {
          const c = cue as VTTCue;
          return [c.startTime, c.endTime, c.text];
        }),
      );
    await expect.poll(cues, { timeout: 30_000 }).toEqual([
      [0.5, 3.5, 'Welcome to the quarterly walkthrough.'],
      [4, 7.5, 'Here the zeppelin dashboard shows revenue.'],
      [8, 9.5, 'Thanks for watching.'],
    ]);
    const cc = page.getByRole('button', { name: 'Captions', exact: true });
    expect(await cc.getAttribute('aria-pressed')).toBe('true');
    await cc.click();
    expect(await player(page).evaluate((video: HTMLVideoElement) => video.textTracks[0]?.mode)).toBe('hidden');
    await cc.click();
    expect(await player(page).evaluate((video: HTMLVideoElement) => video.textTracks[0]?.mode)).toBe('showing');

    await line.click();
    await expect.poll(() => player(page).evaluate((video: HTMLVideoElement) => video.currentTime)).toBe(4);
    await expect
      .poll(() => panel.locator('[aria-current="true"]').innerText())
      .toContain('Here the zeppelin dashboard shows revenue.');
    await screenshot(page, 'transcript-panel');
  });

  it('finds the video in the library by a word only its transcript holds, and opens it at that line', async () => {
    await page.goto(`${api.baseUrl}/videos?q=zeppelin`);
    const card = page.getByRole('link', { name: /zeppelin dashboard/ });
    await card.waitFor();
    expect(await card.innerText()).toContain('0:04');
    await card.click();
    await page.waitForURL(new RegExp(`/video/${videoId}\\?t=4$`));
    await expect
      .poll(() => player(page).evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 30_000 })
      .toBe(4);
    await expect
      .poll(() => page.getByRole('region', { name: 'Transcript' }).locator('[aria-current="true"]').innerText())
      .toContain('zeppelin');
  });

  it('takes the title suggested from the transcript, and cuts a sentence away by selecting its words', async () => {
    await page.goto(`${api.baseUrl}/video/${videoId}`);
    const panel = page.getByRole('region', { name: 'Transcript' });
    const suggested = panel.getByRole('textbox', { name: 'Suggested title' });
    await suggested.waitFor({ timeout: 30_000 });
    expect(await suggested.inputValue()).toBe('Here the zeppelin dashboard shows revenue');
    await panel.getByRole('button', { name: 'Use this title' }).click();
    await page.getByRole('heading', { name: 'Here the zeppelin dashboard shows revenue' }).waitFor();

    await page.getByRole('button', { name: 'Edit video' }).click();
    const editor = page.getByRole('region', { name: 'Edit video' });
    const words = editor.getByRole('group', { name: 'Transcript words' });
    await words.getByRole('button', { name: 'Welcome', exact: true }).click({ timeout: 30_000 });
    await words.getByRole('button', { name: 'walkthrough.', exact: true }).click({ modifiers: ['Shift'] });
    await editor.getByRole('button', { name: 'Cut selected words' }).click();
    const goes = editor.getByRole('region', { name: 'What goes' });
    expect(await goes.getByTestId('what-goes-total').innerText()).toBe('Selected words: 1 cut, 0:03.0 removed');
    expect(await goes.getByRole('listitem').innerText()).toContain('Welcome to the quarterly walkthrough.');
    await goes.getByRole('button', { name: 'Apply to edit' }).click();
    await expect.poll(() => editor.getByTestId('edit-result').innerText()).toMatch(/^Result: 0:07\.\d of /);
    await screenshot(page, 'edit-by-transcript');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    const saved = await videoClient(api.baseUrl, ownerToken).getVideo({ videoId });
    expect(saved.keptRanges.map((range) => [range.startSeconds, range.endSeconds])).toEqual([
      [0, 0.5],
      [3.5, expect.closeTo(10, 0)],
    ]);
  });
});

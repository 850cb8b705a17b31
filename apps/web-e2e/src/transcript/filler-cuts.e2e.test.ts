/**
 * Editing by transcript in Chromium, with TRANSCRIBE_URL at an OpenAI-compatible server written here
 * on 127.0.0.1 whose transcript has an "um" at 1.4-1.9 s and an "ah" it doubted at 6-6.4 s. With the
 * start already trimmed to 1.6 s, "Remove filler words" proposes only the part of the "um" the edit
 * keeps (0:00.3, the change the result shows), never the doubted "ah"; and Save, pressed without
 * "Apply to edit", keeps the cut.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Status, TranscriptState } from '@stream/proto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, screenshot, startApi, type ApiServer } from '../index';
import { makeTestWebm, uploadVideo, videoClient, waitUntilProcessed } from '../library/library-fixtures';

const WORDS = [
  { word: ' So', start: 1, end: 1.3, probability: 0.9 },
  { word: ' um', start: 1.4, end: 1.9, probability: 0.8 },
  { word: ' the', start: 2, end: 2.2, probability: 0.9 },
  { word: ' dashboard', start: 2.3, end: 4, probability: 0.9 },
  { word: ' ah', start: 6, end: 6.4, probability: 0.05 },
  { word: ' revenue.', start: 6.5, end: 8, probability: 0.9 },
];

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
          text: ' So um the dashboard ah revenue.',
          segments: [{ start: 1, end: 8, text: ' So um the dashboard ah revenue.' }],
          words: WORDS,
        }),
      ),
    );
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  const [started, launched, webm] = await Promise.all([
    startApi({
      webDist: inject('webDist'),
      emulatorHost: inject('emulatorHost'),
      databaseTemplate: inject('databaseTemplate'),
      env: { TRANSCRIBE: 'on', TRANSCRIBE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1` },
    }),
    launchBrowser(),
    makeTestWebm(10),
  ]);
  api = started;
  browser = launched;
  const owner = await newSignedInPage(browser, { baseUrl: api.baseUrl, emulatorHost: inject('emulatorHost') });
  page = owner.page;
  ownerToken = owner.user.idToken;
  videoId = await uploadVideo(api.baseUrl, ownerToken, webm);
  const video = await waitUntilProcessed(api.baseUrl, ownerToken, videoId);
  if (video.status !== Status.READY) throw new Error(`processing failed: ${video.failureReason}`);
  const videos = videoClient(api.baseUrl, ownerToken);
  const deadline = Date.now() + 60_000;
  while ((await videos.getVideo({ videoId })).transcriptState !== TranscriptState.DONE) {
    if (Date.now() > deadline) throw new Error('no transcript after 60 s');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  fake?.close();
});

describe('remove filler words', () => {
  it('proposes only what the edit keeps, never a doubted word, and Save keeps the proposal', async () => {
    await page.goto(`${api.baseUrl}/video/${videoId}`);
    await page.getByRole('button', { name: 'Edit video' }).click();
    const editor = page.getByRole('region', { name: 'Edit video' });
    await editor.getByRole('group', { name: 'Transcript words' }).waitFor({ timeout: 30_000 });
    const start = editor.getByRole('textbox', { name: 'Start' });
    await start.fill('0:01.6');
    await start.press('Enter');
    await expect.poll(() => editor.getByTestId('edit-result').innerText()).toMatch(/^Result: 0:08\.\d of /);
    const before = await editor.getByTestId('edit-result').innerText();

    await editor.getByRole('button', { name: 'Remove filler words' }).click();
    const goes = editor.getByRole('region', { name: 'What goes' });
    expect(await goes.getByTestId('what-goes-total').innerText()).toBe('Filler words: 1 cut, 0:00.3 removed');
    expect(await goes.getByRole('listitem').allInnerTexts()).toEqual(['0:01.6–0:01.9 um']);
    expect(await goes.innerText()).toContain('Apply to edit, or Save, keeps these cuts');
    // The doubted "ah" is greyed among the words, and proposed as no cut.
    expect(
      await editor
        .getByRole('group', { name: 'Transcript words' })
        .getByTitle(/^Uncertain word/)
        .innerText(),
    ).toContain('ah');
    expect(await editor.getByTestId('edit-result').innerText()).toBe(before);
    await screenshot(page, 'filler-words-clipped');

    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    const saved = await videoClient(api.baseUrl, ownerToken).getVideo({ videoId });
    expect(saved.keptRanges.map((range) => [range.startSeconds, range.endSeconds])).toEqual([
      [1.9, expect.closeTo(10, 0)],
    ]);
  });
});

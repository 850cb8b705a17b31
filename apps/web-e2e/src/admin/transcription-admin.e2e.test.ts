/**
 * /admin's Transcription section in Chromium, against an OpenAI-compatible server written here on
 * 127.0.0.1 (it answers a fixed transcript with word probabilities, as speaches does, or an error
 * while told to): it names the server, and Test shows what came back, then the server's own error.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, screenshot, startApi, type ApiServer } from '../index';

let fake: Server;
let fakeUrl: string;
let api: ApiServer;
let browser: Browser;
let page: Page;
let failWith: number | undefined;
/** What the fake server was sent: the clip's audio and the model asked for. */
const seen: string[] = [];

beforeAll(async () => {
  fake = createServer((request, response) => {
    const body: Buffer[] = [];
    request.on('data', (chunk: Buffer) => body.push(chunk));
    request.on('end', () => {
      seen.push(`${request.url} ${Buffer.concat(body).toString('latin1').includes('name="model"')}`);
      if (failWith) return void response.writeHead(failWith).end('model not loaded');
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          language: 'en',
          text: ' Hello from Stream, um, this is a test.',
          segments: [{ start: 0, end: 3.5, text: ' Hello from Stream, um, this is a test.' }],
          words: [
            ['Hello', 0.98],
            ['from', 0.97],
            ['Stream,', 0.91],
            ['um,', 0.04],
            ['this', 0.95],
            ['is', 0.96],
            ['a', 0.9],
            ['test.', 0.93],
          ].map(([word, probability], i) => ({ word: ` ${word}`, start: i * 0.4, end: i * 0.4 + 0.4, probability })),
        }),
      );
    });
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  const [started, launched] = await Promise.all([
    startApi({
      webDist: inject('webDist'),
      emulatorHost: inject('emulatorHost'),
      databaseTemplate: inject('databaseTemplate'),
      // ADMIN_EMAILS unset: the first person to sign in is the admin.
      env: {
        TRANSCRIBE: 'on',
        TRANSCRIBE_URL: fakeUrl,
        TRANSCRIBE_MODEL: 'Systran/faster-whisper-small',
        WORKER: 'false',
      },
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
  fake?.close();
});

describe("/admin's Transcription section", () => {
  it('names the Whisper server, and Test shows what it heard, then its error', async () => {
    await page.goto(`${api.baseUrl}/admin`);
    const section = page.getByRole('region', { name: 'Transcription' });
    await section.getByText(fakeUrl).waitFor({ timeout: 30_000 });
    expect(await section.innerText()).toContain('Systran/faster-whisper-small');

    await section.getByRole('button', { name: 'Test' }).click();
    const result = section.getByTestId('transcription-test');
    await result.getByText(/It heard/).waitFor({ timeout: 60_000 });
    expect(await result.innerText()).toContain('It heard: Hello from Stream, this is a test.');
    expect(await result.innerText()).toContain('Words it was unsure of (left out above): um,');
    expect(seen).toEqual(['/v1/audio/transcriptions true']);
    await screenshot(page, 'admin-transcription-test');

    failWith = 404;
    await section.getByRole('button', { name: 'Test' }).click();
    await result.getByText(/The test failed/).waitFor({ timeout: 60_000 });
    expect(await result.innerText()).toMatch(
      /The test failed: The transcription server answered 404: model not loaded/,
    );
  });
});

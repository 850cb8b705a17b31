import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { unansweredRequests } from './unanswered-requests';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the e2e harness', () => {
  it('serves the built web app from the API', async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${inject('baseUrl')}/login`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Stream');
    await page.context().close();
  });

  it('runs the Auth emulator the app was built against', async () => {
    const response = await fetch(`http://${inject('emulatorHost')}/`);
    expect(response.ok).toBe(true);
  });

  it('names the requests a page still waits for, for the report of a failed test', async () => {
    const held: ServerResponse[] = [];
    const server = createServer((request, response) => {
      if (request.url === '/slow') held.push(response);
      else response.end(request.url === '/' ? '<p>page</p>' : 'answered');
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const page = await newPage(browser);
    try {
      await page.goto(origin);
      await page.evaluate(() => {
        void fetch('/slow');
        return fetch('/fast').then((answer) => answer.text());
      });
      await expect.poll(() => held.length).toBe(1);
      // Polled: the page's own favicon request may still be on its way back.
      await expect
        .poll(() => unansweredRequests(page))
        .toEqual([expect.stringMatching(/^GET \/slow \(for \d+\.\d s\)$/)]);
      held[0]!.end('late');
      await expect.poll(() => unansweredRequests(page)).toEqual([]);
    } finally {
      await page.context().close();
      server.closeAllConnections();
      server.close();
    }
  });
});

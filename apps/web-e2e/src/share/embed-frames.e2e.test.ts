// The embed fills the frame it is pasted in. At oEmbed's own 640×360 the embed page
// was 408 px tall and its Play button sat below the frame; now, framed at 640×360 and at 320×180,
// nothing falls outside the frame, the controls sit over the video, and it plays.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot } from '../index';
import { ownerWithVideo, type OwnerWithVideo } from '../library/owner-with-video';
import { videoClient } from '../library/library-fixtures';

const baseUrl = inject('baseUrl');
const emulatorHost = inject('emulatorHost');

let stage: OwnerWithVideo;
let embedUrl: string;
let host: Server;
let hostSite: string;

/** A page of another site pasting the embed code: one iframe of `src` at `width`×`height`. */
function startHostSite(): Promise<Server> {
  const server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://host').searchParams;
    const attribute = (name: string) => (query.get(name) ?? '').replace(/[^\w:/.?=&%-]/g, '');
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><body style="margin:0"><iframe src="${attribute('src')}" width="${attribute('width')}" height="${attribute('height')}" style="border:0" allow="fullscreen"></iframe></body>`,
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  host = await startHostSite();
  hostSite = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  stage = await ownerWithVideo({ baseUrl, emulatorHost, displayName: 'Embed Owner', seconds: 10 });
  const link = (await videoClient(baseUrl, stage.owner.user.idToken).shareVideo({ videoId: stage.video.id })).url;
  embedUrl = link.replace('/s/', '/embed/');
}, 180_000);

afterAll(async () => {
  await stage?.close();
  host?.close();
});

/** The layout inside the frame: its size, how far its page scrolls, the video's and Play's boxes. */
const layoutOf = (frame: FrameLocator) =>
  frame.locator('html').evaluate(() => {
    const box = (element: Element | null) => {
      const rect = element!.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
    };
    return {
      width: window.innerWidth,
      height: window.innerHeight,
      scrollHeight: document.documentElement.scrollHeight,
      video: box(document.querySelector('video')),
      play: box(document.querySelector('button[aria-label="Play"], button[aria-label="Pause"]')),
    };
  });

describe('the embed in a frame (Chromium)', () => {
  for (const [width, height] of [
    [640, 360],
    [320, 180],
  ] as const) {
    it(`fills a ${width}×${height} iframe, controls over the video, and plays`, async () => {
      const page = stage.viewer;
      await page.setViewportSize({ width: 800, height: 500 });
      // Another site's page (an origin of its own, no CSP of ours): frame-ancestors * admits it.
      await page.goto(`${hostSite}/?src=${encodeURIComponent(embedUrl)}&width=${width}&height=${height}`);
      const frame = page.frameLocator('iframe');
      await frame.getByRole('button', { name: 'Play' }).waitFor({ timeout: 30_000 });
      const layout = await layoutOf(frame);
      expect([layout.width, layout.height]).toEqual([width, height]);
      expect(layout.scrollHeight).toBeLessThanOrEqual(height); // nothing below the frame
      expect(layout.video).toEqual({ top: 0, bottom: height, left: 0, right: width });
      // The controls lie over the video, inside the frame.
      expect(layout.play.bottom).toBeLessThanOrEqual(height);
      expect(layout.play.top).toBeGreaterThan(layout.video.top);
      await screenshot(page, `embed-${width}x${height}`);
      await frame.getByRole('button', { name: 'Play' }).click();
      await expect
        .poll(() => frame.locator('video').evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 1), {
          timeout: 30_000,
        })
        .toBe(true);
    }, 90_000);
  }
});

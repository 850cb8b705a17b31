/**
 * Drawing on a recording, as a new user would in Chromium (fake screen, fake microphone) against
 * the real API: while recording, choose Rectangle in the Annotations toolbar and drag on the
 * drawing layer; the uploaded recording has red pixels where it was drawn and not elsewhere. An
 * area recording gets the strokes moved by the area's corner (the mapping through the crop).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, screenshot } from '../index';
import { frameRgb, meanColour, videoSeconds } from './media-frames';
import { stopAndStore } from './record-steps';

let browser: Browser;
let workDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  workDir = mkdtempSync(join(tmpdir(), 'stream-record-drawing-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function recordPage(settings: object): Promise<{ page: Page; token: string }> {
  const baseUrl = inject('baseUrl');
  const { page, user } = await newSignedInPage(browser, { baseUrl, emulatorHost: inject('emulatorHost') });
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    ['stream.recorder.settings', JSON.stringify(settings)],
  );
  await page.goto(`${baseUrl}/record`);
  await page.getByRole('heading', { level: 1, name: 'Record' }).waitFor();
  return { page, token: user.idToken };
}

/** Chooses Rectangle and a wide line, and drags on the drawing layer from one share of it to another. */
async function drawRectangle(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await drawWith(page, 'Rectangle', from, to);
}

async function drawWith(page: Page, tool: string, from: { x: number; y: number }, to: { x: number; y: number }) {
  const toolbar = page.getByRole('toolbar', { name: 'Annotations' });
  await toolbar.getByRole('button', { name: tool }).click();
  await toolbar.getByLabel('Width').fill('16');
  expect(await toolbar.getByLabel('Colour').inputValue()).toBe('#ef4444');
  const layer = page.getByTestId('drawing-layer');
  const box = (await layer.boundingBox())!;
  await page.mouse.move(box.x + box.width * from.x, box.y + box.height * from.y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to.x, box.y + box.height * to.y, { steps: 8 });
  await page.mouse.up();
}

const red = (c: { r: number; g: number; b: number }) => c.r > 150 && c.g < 90 && c.b < 90;

describe('drawing while recording', () => {
  it(
    'a rectangle dragged on the drawing layer is red in the recording, there and nowhere else',
    { timeout: 150_000 },
    async () => {
      const { page, token } = await recordPage({ countdown: false, source: 'screen' });
      await page.getByRole('button', { name: 'Start Recording' }).click();
      await page.getByTestId('elapsed-time').waitFor();
      await page.getByTestId('drawing-layer').waitFor();
      await page.waitForTimeout(1_500); // some frames before the drawing
      const drawnAt = Date.now();
      // A fifth of the screen each way, blended into the frame's planes (drawing/blend.ts).
      await drawRectangle(page, { x: 0.4, y: 0.4 }, { x: 0.6, y: 0.6 });
      await page.waitForTimeout(2_500);
      await screenshot(page, 'record-drawing');
      const { path } = await stopAndStore(page, token, join(workDir, 'drawn.webm'));

      const seconds = await videoSeconds(path);
      const frame = await frameRgb(path, Math.max(0, seconds - 0.8));
      const { width: w, height: h } = frame;
      // The rectangle's four sides (16 of the screen's pixels wide), its inside and the outside.
      const sides = [
        meanColour(frame, w * 0.4, h * 0.5, 6),
        meanColour(frame, w * 0.6, h * 0.5, 6),
        meanColour(frame, w * 0.5, h * 0.4, 6),
        meanColour(frame, w * 0.5, h * 0.6, 6),
      ];
      const elsewhere = [
        meanColour(frame, w * 0.5, h * 0.5, 20),
        meanColour(frame, w * 0.45, h * 0.45, 20),
        meanColour(frame, w * 0.1, h * 0.1, 20),
        meanColour(frame, w * 0.9, h * 0.9, 20),
        meanColour(frame, w * 0.4, h * 0.1, 20),
      ];
      // Before the drawing (the first frames), where the left side would be: not red.
      const before = await frameRgb(path, 0.2);
      const beforeSide = meanColour(before, w * 0.4, h * 0.5, 6);
      console.info(
        `drawn ${Date.now() - drawnAt} ms before Stop; ${w}×${h}, ${seconds.toFixed(2)} s: sides ${JSON.stringify(sides)}; elsewhere ${JSON.stringify(elsewhere)}; before ${JSON.stringify(beforeSide)}`,
      );
      expect(sides.map(red)).toEqual([true, true, true, true]);
      expect(elsewhere.map(red)).toEqual([false, false, false, false, false]);
      expect(red(beforeSide)).toBe(false);
      await page.context().close();
    },
  );

  it(
    'recording an area, the rectangle lands where it was drawn on the screen, moved by the area',
    { timeout: 150_000 },
    async () => {
      const { page, token } = await recordPage({ countdown: false, source: 'area' });
      await page.getByRole('button', { name: 'Start Recording' }).click();
      const selector = page.getByRole('region', { name: 'Choose the area to record' });
      await selector.getByRole('spinbutton', { name: 'Width' }).fill('640');
      await selector.getByRole('spinbutton', { name: 'Height' }).fill('360');
      await selector.getByRole('spinbutton', { name: 'X' }).fill('320');
      await selector.getByRole('spinbutton', { name: 'Y' }).fill('180');
      await page.getByRole('button', { name: 'Record this area' }).click();
      await page.getByTestId('elapsed-time').waitFor();
      await page.getByTestId('drawing-layer').waitFor();
      await page.waitForTimeout(1_000);
      // On the screen (1280×720 here) from (480, 270) to (800, 450): in the area, (160, 90) to (480, 270).
      // Half the area each way: blended into the cropped frame's planes like any drawing without a camera.
      await drawRectangle(page, { x: 0.375, y: 0.375 }, { x: 0.625, y: 0.625 });
      await page.waitForTimeout(2_500);
      const { path } = await stopAndStore(page, token, join(workDir, 'drawn-area.webm'));
      const seconds = await videoSeconds(path);
      const frame = await frameRgb(path, Math.max(0, seconds - 0.8));
      expect([frame.width, frame.height]).toEqual([640, 360]);
      const sides = [
        meanColour(frame, 160, 180, 6),
        meanColour(frame, 480, 180, 6),
        meanColour(frame, 320, 90, 6),
        meanColour(frame, 320, 270, 6),
      ];
      const elsewhere = [
        meanColour(frame, 320, 180, 20),
        meanColour(frame, 40, 40, 20),
        meanColour(frame, 600, 320, 20),
      ];
      console.info(`area: sides ${JSON.stringify(sides)}; elsewhere ${JSON.stringify(elsewhere)}`);
      expect(sides.map(red)).toEqual([true, true, true, true]);
      expect(elsewhere.map(red)).toEqual([false, false, false]);
      await page.context().close();
    },
  );

  it(
    'a spotlight dims the recording outside its ellipse and leaves the inside as it was',
    { timeout: 150_000 },
    async () => {
      const { page, token } = await recordPage({ countdown: false, source: 'screen' });
      await page.getByRole('button', { name: 'Start Recording' }).click();
      await page.getByTestId('elapsed-time').waitFor();
      await page.getByTestId('drawing-layer').waitFor();
      await page.waitForTimeout(1_500);
      // The whole picture's dim goes through the mask's long runs (drawing/blend.ts), four bytes at a time.
      await drawWith(page, 'Spotlight', { x: 0.2, y: 0.2 }, { x: 0.8, y: 0.8 });
      await page.waitForTimeout(2_500);
      const { path } = await stopAndStore(page, token, join(workDir, 'spotlight.webm'));
      const seconds = await videoSeconds(path);
      const [before, after] = await Promise.all([frameRgb(path, 0.2), frameRgb(path, Math.max(0, seconds - 0.8))]);
      const { width: w, height: h } = after;
      const green = (frame: typeof after, x: number, y: number) => meanColour(frame, w * x, h * y, 12).g;
      // Chromium's fake screen: a still green ground, a turning pie in the middle and blinking squares in the
      // corners; these points are on the still ground, outside the ellipse (0.2-0.8 each way) and inside it.
      const outside = [
        [0.1, 0.5],
        [0.9, 0.5],
        [0.5, 0.1],
        [0.5, 0.9],
      ].map(([x, y]) => green(after, x!, y!) / green(before, x!, y!));
      const inside = [
        [0.3, 0.35],
        [0.7, 0.65],
        [0.28, 0.5],
      ].map(([x, y]) => green(after, x!, y!) / green(before, x!, y!));
      console.info(`spotlight: outside ${JSON.stringify(outside)}; inside ${JSON.stringify(inside)}`);
      // Black at 0.6 over the picture: 0.4 of its brightness is left outside.
      for (const ratio of outside) {
        expect(ratio).toBeGreaterThan(0.25);
        expect(ratio).toBeLessThan(0.55);
      }
      for (const ratio of inside) expect(ratio).toBeGreaterThan(0.85);
      await page.context().close();
    },
  );
});

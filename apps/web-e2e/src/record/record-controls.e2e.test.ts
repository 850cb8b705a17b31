/**
 * The recorder's controls in Chromium (fake screen 1280×720 with audio, fake camera, fake beeping
 * microphones) against the real API: the countdown and Escape, Pause and Resume (the recording
 * lasts the recorded time only, with a key frame every 2 s), an area of 640×360 recorded at exactly
 * that size, the camera bubble composited in its corner, the chosen microphone recorded, the level
 * meter moving.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newSignedInPage, screenshot } from '../index';
import { frameRgb, frameSizes, keyFrameTimes, meanColour, videoSeconds } from './media-frames';
import { previewOf, stopAndStore as stopAndStoreAt, successAlert, recordedAtLeast } from './record-steps';

let browser: Browser;
let workDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  workDir = mkdtempSync(join(tmpdir(), 'stream-record-controls-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const settingsKey = 'stream.recorder.settings';

/** /record signed in, with these settings remembered (as if chosen before) and `init` run first. */
async function recordPage(settings?: object, ...inits: (() => void)[]): Promise<{ page: Page; token: string }> {
  const baseUrl = inject('baseUrl');
  const { page, user } = await newSignedInPage(browser, { baseUrl, emulatorHost: inject('emulatorHost') });
  if (settings) {
    await page.addInitScript(
      ([key, value]) => window.localStorage.getItem(key!) ?? window.localStorage.setItem(key!, value!),
      [settingsKey, JSON.stringify(settings)],
    );
  }
  for (const init of inits) await page.addInitScript(init);
  await page.goto(`${baseUrl}/record`);
  await page.getByRole('heading', { level: 1, name: 'Record' }).waitFor();
  return { page, token: user.idToken };
}

/** The camera as a solid magenta picture, so its pixels are known in the recording. */
function magentaCamera() {
  const devices = navigator.mediaDevices;
  const getUserMedia = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints) => {
    if (!constraints?.video) return getUserMedia(constraints);
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d')!;
    const paint = () => {
      context.fillStyle = '#ff00ff';
      context.fillRect(0, 0, 640, 480);
    };
    paint();
    setInterval(paint, 50);
    return canvas.captureStream(20);
  };
}

/** Stop, wait for the upload, and fetch the stored file (the original as uploaded). */
async function stopAndFetch(page: Page, token: string, name: string): Promise<string> {
  return (await stopAndStore(page, token, name)).path;
}

function stopAndStore(page: Page, token: string, name: string): Promise<{ path: string; videoId: string }> {
  return stopAndStoreAt(page, token, join(workDir, `${name}.webm`));
}

/** Polls GetVideo (Connect's JSON protocol) until the video is READY; returns its status. */
async function waitReady(token: string, videoId: string, timeoutMs = 90_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let status = '';
  while (Date.now() < deadline) {
    const response = await fetch(`${inject('baseUrl')}/videoservice.VideoService/GetVideo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ videoId }),
    });
    status = ((await response.json()) as { status?: string }).status ?? '';
    if (status === 'STATUS_READY' || status === 'STATUS_FAILED') return status;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return status;
}

describe('/record controls in Chromium', () => {
  it('counts down 3, 2, 1 before recording; Escape skips it', { timeout: 90_000 }, async () => {
    const { page } = await recordPage();
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="countdown"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);

    await page.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByTestId('elapsed-time').waitFor({ timeout: 15_000 });
    expect(await seen()).toEqual(['3', '2', '1']);
    expect(await page.getByTestId('recorder-announcer').textContent()).toBe('Recording started');
    // A second of recording: a Stop at once can come before Chromium has encoded a frame, and then
    // there is no video at all (the recorder says 'Nothing was recorded', machine.test.ts).
    await recordedAtLeast(page, 1);
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await previewOf(page).waitFor();
    await successAlert(page).waitFor();

    await page.evaluate(() => ((window as unknown as { seen: string[] }).seen.length = 0));
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByTestId('countdown').waitFor();
    await screenshot(page, 'record-countdown');
    const pressed = Date.now();
    await page.keyboard.press('Escape');
    await page.getByTestId('elapsed-time').waitFor();
    expect(Date.now() - pressed).toBeLessThan(900);
    expect(await seen()).toEqual(['3']);
    await recordedAtLeast(page, 1); // some video to preview
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await previewOf(page).waitFor();
    await page.context().close();
  });

  it(
    'pause 3 s of a 10 s recording: the file lasts about 7 s, with a key frame every 2 s',
    { timeout: 120_000 },
    async () => {
      const { page, token } = await recordPage({ countdown: false });
      await page.getByRole('button', { name: 'Start Recording' }).click();
      await page.getByTestId('elapsed-time').waitFor();
      const started = Date.now();
      await page.waitForTimeout(3_500);
      await page.getByRole('button', { name: 'Pause' }).click();
      const paused = Date.now();
      const shown = await page.getByTestId('elapsed-time').textContent();
      await page.waitForTimeout(3_000);
      expect(await page.getByTestId('elapsed-time').textContent()).toBe(shown); // the time stands still
      await screenshot(page, 'record-paused');
      // P resumes (the keyboard shortcut), announced.
      await page.locator('h1').click();
      await page.keyboard.press('p');
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      const resumed = Date.now();
      // The announcement follows the state by one render: wait for it, briefly.
      await page.getByTestId('recorder-announcer').filter({ hasText: 'Recording resumed' }).waitFor({ timeout: 2_000 });
      await page.waitForTimeout(3_500);
      const recordedMs = paused - started + (Date.now() - resumed);
      const path = await stopAndFetch(page, token, 'paused');
      const seconds = await videoSeconds(path);
      const keys = await keyFrameTimes(path);
      const gaps = keys.slice(1).map((time, index) => time - keys[index]!);
      console.info(
        `paused recording: ${seconds.toFixed(2)} s of video for ${recordedMs} ms recorded; key frames at ${keys.join(', ')}`,
      );
      expect(Math.abs(seconds - recordedMs / 1000)).toBeLessThan(1.2);
      expect(seconds).toBeLessThan(9); // the 3 s pause is not in it
      expect(Math.max(...gaps)).toBeLessThan(2.6);
      await page.context().close();
    },
  );

  it('an area of 640×360 is recorded at exactly 640×360', { timeout: 120_000 }, async () => {
    const { page, token } = await recordPage({ countdown: false });
    await page.getByRole('combobox', { name: 'Source' }).selectOption('area');
    await page.getByRole('button', { name: 'Start Recording' }).click();
    const selector = page.getByRole('region', { name: 'Choose the area to record' });
    await selector.waitFor();
    await selector.getByRole('spinbutton', { name: 'Width' }).fill('640');
    await selector.getByRole('spinbutton', { name: 'Height' }).fill('360');
    await selector.getByRole('spinbutton', { name: 'X' }).fill('100');
    await selector.getByRole('spinbutton', { name: 'Y' }).fill('60');
    expect(await page.getByTestId('area-size').textContent()).toBe('640 × 360');
    await screenshot(page, 'record-area');
    await page.getByRole('button', { name: 'Record this area' }).click();
    await page.getByTestId('elapsed-time').waitFor();
    await page.waitForTimeout(2_500);
    const path = await stopAndFetch(page, token, 'area');
    const sizes = await frameSizes(path);
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.every(({ width, height }) => width === 640 && height === 360)).toBe(true);
    await page.context().close();
  });

  it('screen + camera: the camera is drawn in its bubble in the chosen corner', { timeout: 120_000 }, async () => {
    // The camera is a solid magenta picture, so its pixels are known; the screen is Chromium's fake one.
    const { page, token } = await recordPage(
      { countdown: false, source: 'screen+camera', bubble: { shape: 'circle', corner: 'top-left', size: 0.3 } },
      magentaCamera,
    );
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByTestId('elapsed-time').waitFor();
    await page.getByLabel('Live recording').waitFor();
    await page.waitForTimeout(2_500);
    await screenshot(page, 'record-bubble');
    const path = await stopAndFetch(page, token, 'bubble');
    const frame = await frameRgb(path, 1.5);
    // The picture is the screen's size; the bubble is 30% of its height, 3% of it from the top-left corner.
    const short = Math.min(frame.width, frame.height);
    const centre = Math.round(short * 0.03) + Math.round(short * 0.3) / 2;
    const inBubble = meanColour(frame, centre, centre);
    const opposite = meanColour(frame, frame.width - centre, frame.height - centre);
    console.info(
      `${frame.width}×${frame.height}: bubble centre ${JSON.stringify(inBubble)}; opposite corner ${JSON.stringify(opposite)}`,
    );
    const magenta = (c: { r: number; g: number; b: number }) => c.r > 200 && c.b > 200 && c.g < 60;
    expect(magenta(inBubble)).toBe(true);
    expect(magenta(opposite)).toBe(false);
    await page.context().close();
  });

  it(
    'the chosen microphone is the one recorded, the choice is remembered, and its level meter moves',
    { timeout: 120_000 },
    async () => {
      const { page } = await recordPage({ countdown: false, panelOpen: true }, () => {
        const devices = navigator.mediaDevices;
        const getUserMedia = devices.getUserMedia.bind(devices);
        const recorded: string[] = [];
        (window as unknown as { micDevices: string[] }).micDevices = recorded;
        devices.getUserMedia = async (constraints) => {
          const stream = await getUserMedia(constraints);
          for (const track of stream.getAudioTracks()) recorded.push(track.getSettings().deviceId ?? '');
          return stream;
        };
      });
      const meter = page.getByRole('meter', { name: 'Microphone level' });
      await meter.waitFor();
      const levels: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        levels.push(Number(await meter.getAttribute('value')));
        await page.waitForTimeout(100);
      }
      console.info(`meter levels: ${levels.join(' ')}`);
      expect(Math.max(...levels)).toBeGreaterThan(20);
      expect(new Set(levels).size).toBeGreaterThan(2);

      const select = page.getByRole('combobox', { name: 'Microphone' });
      await page.waitForFunction(() => document.querySelectorAll('select option').length > 2);
      const options = await select
        .locator('option')
        .evaluateAll((nodes) =>
          nodes.map((node) => ({ value: (node as HTMLOptionElement).value, label: node.textContent })),
        );
      const second = options.find((option) => option.label === 'Fake Audio Input 2');
      expect(second, JSON.stringify(options)).toBeTruthy();
      await select.selectOption(second!.value);

      await page.getByRole('button', { name: 'Start Recording' }).click();
      await page.getByTestId('elapsed-time').waitFor();
      const used = await page.evaluate(() => (window as unknown as { micDevices: string[] }).micDevices);
      expect(used.at(-1)).toBe(second!.value);
      await recordedAtLeast(page, 1); // some video to preview
      await page.getByRole('button', { name: 'Stop Recording' }).click();
      await previewOf(page).waitFor();

      await page.reload();
      await page.getByRole('combobox', { name: 'Microphone' }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('select option').length > 2);
      expect(await page.getByRole('combobox', { name: 'Microphone' }).inputValue()).toBe(second!.value);
      await page.context().close();
    },
  );

  it(
    'every source records, uploads and becomes READY: camera only (full frame), screen + camera, area',
    { timeout: 240_000 },
    async () => {
      const { page, token } = await recordPage({ countdown: false });
      const source = page.getByRole('combobox', { name: 'Source' });
      const results: Record<string, { status: string; sizes: { width: number; height: number }[] }> = {};
      for (const mode of ['camera', 'screen+camera', 'area'] as const) {
        await page.getByRole('button', { name: 'Start Recording' }).waitFor();
        await page.waitForFunction(
          () =>
            !(
              [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Start Recording')) as
                HTMLButtonElement | undefined
            )?.disabled,
        );
        await source.selectOption(mode);
        await page.getByRole('button', { name: 'Start Recording' }).click();
        if (mode === 'area') await page.getByRole('button', { name: 'Record this area' }).click();
        await page.getByTestId('elapsed-time').waitFor();
        await page.waitForTimeout(2_000);
        const { path, videoId } = await stopAndStore(page, token, `mode-${mode.replace('+', '-')}`);
        results[mode] = { status: await waitReady(token, videoId), sizes: await frameSizes(path, 1) };
      }
      console.info(`modes: ${JSON.stringify(results)}`);
      expect(results.camera).toEqual({ status: 'STATUS_READY', sizes: [{ width: 640, height: 480 }] });
      expect(results['screen+camera']?.status).toBe('STATUS_READY');
      expect(results.area?.status).toBe('STATUS_READY');
      await page.context().close();
    },
  );

  it(
    'without the breakout box (other browsers) the canvas path crops an area to 640×360 and draws the bubble too',
    { timeout: 180_000 },
    async () => {
      const hideBreakoutBox = () => {
        for (const name of ['MediaStreamTrackProcessor', 'MediaStreamTrackGenerator']) {
          Object.defineProperty(window, name, { value: undefined, configurable: true });
        }
      };
      const { page, token } = await recordPage(
        { countdown: false, source: 'area', bubble: { shape: 'rounded', corner: 'bottom-left', size: 0.3 } },
        hideBreakoutBox,
        magentaCamera,
      );
      await page.getByRole('button', { name: 'Start Recording' }).click();
      const selector = page.getByRole('region', { name: 'Choose the area to record' });
      await selector.getByRole('spinbutton', { name: 'Width' }).fill('640');
      await selector.getByRole('spinbutton', { name: 'Height' }).fill('360');
      await page.getByRole('button', { name: 'Record this area' }).click();
      await page.getByTestId('elapsed-time').waitFor();
      await page.waitForTimeout(2_500);
      const area = await frameSizes(await stopAndFetch(page, token, 'canvas-area'));
      expect(area.length).toBeGreaterThan(0);
      expect(area.every(({ width, height }) => width === 640 && height === 360)).toBe(true);

      await page.getByRole('combobox', { name: 'Source' }).selectOption('screen+camera');
      await page.waitForFunction(
        () =>
          !(
            [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Start Recording')) as
              HTMLButtonElement | undefined
          )?.disabled,
      );
      await page.getByRole('button', { name: 'Start Recording' }).click();
      await page.getByTestId('elapsed-time').waitFor();
      await page.waitForTimeout(2_500);
      const frame = await frameRgb(await stopAndFetch(page, token, 'canvas-bubble'), 1.5);
      const short = Math.min(frame.width, frame.height);
      const centre = Math.round(short * 0.03) + Math.round(short * 0.3) / 2;
      const magenta = (c: { r: number; g: number; b: number }) => c.r > 200 && c.b > 200 && c.g < 60;
      expect(magenta(meanColour(frame, centre, frame.height - centre))).toBe(true); // bottom left
      expect(magenta(meanColour(frame, frame.width - centre, centre))).toBe(false);
      await page.context().close();
    },
  );
});

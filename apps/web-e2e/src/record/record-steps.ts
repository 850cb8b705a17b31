import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Start Recording, wait until it records, keep recording for `ms`, and return how long it recorded. */
export async function recordFor(page: Page, ms: number, beforeStop?: () => Promise<void>): Promise<number> {
  await page.getByRole('button', { name: 'Start Recording' }).click();
  await page.getByTestId('elapsed-time').waitFor();
  const started = Date.now();
  await page.waitForTimeout(ms);
  await beforeStop?.();
  const recordedMs = Date.now() - started;
  await page.getByRole('button', { name: 'Stop Recording' }).click();
  await previewOf(page).waitFor();
  return recordedMs;
}

/**
 * Wait until the recording bar says at least `seconds` were recorded. Its text ticks four times a
 * second, but a renderer starved for a second on a loaded machine can go from 0:01 to 0:03, so a
 * wait for the text "0:02" may never end; the `dateTime` (PT<n>S) is read as a number instead.
 */
export async function recordedAtLeast(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction((least) => {
    const time = document.querySelector('[data-testid="elapsed-time"]')?.getAttribute('datetime');
    return Number(/^PT(\d+)S$/.exec(time ?? '')?.[1] ?? -1) >= least;
  }, seconds);
}

export const previewOf = (page: Page) => page.locator('video[aria-label="Recording preview"]');

/** The alert area's error text (role=alert, with its Dismiss button). */
export const errorAlert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

export const successAlert = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Video uploaded successfully!' });

/** Stop, wait for the upload, and save the stored file (the original as uploaded) at `path`. */
export async function stopAndStore(
  page: Page,
  token: string,
  path: string,
): Promise<{ path: string; videoId: string }> {
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/videoservice/upload'));
  await page.getByRole('button', { name: 'Stop Recording' }).click();
  await previewOf(page).waitFor();
  const response = await uploaded;
  expect(response.status()).toBe(201);
  const { video } = (await response.json()) as { video: { id: string } };
  await successAlert(page).waitFor();
  const stream = await fetch(`${inject('baseUrl')}/api/videoservice/video/${video.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(stream.status).toBe(200);
  writeFileSync(path, Buffer.from(await stream.arrayBuffer()));
  return { path, videoId: video.id };
}

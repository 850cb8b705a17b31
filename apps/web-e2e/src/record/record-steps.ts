import type { Page } from 'playwright-core';

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

export const previewOf = (page: Page) => page.locator('video[aria-label="Recording preview"]');

/** The alert area's error text (role=alert, with its Dismiss button). */
export const errorAlert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

export const successAlert = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Video uploaded successfully!' });

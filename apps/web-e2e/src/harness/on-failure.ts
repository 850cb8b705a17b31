// A setup file of every browser test: when a test fails, what its pages showed and what the API
// logged meanwhile go to the test's output, since a CI run keeps nothing else. A timeout waiting
// for "Video uploaded successfully!" then says whether an error was on the page, and whether the
// upload request reached the server and how it ended.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, inject } from 'vitest';
import { openPages } from './browser';
import { resultsDir } from './paths';
import { unansweredRequests } from './unanswered-requests';

const PAGE_TEXT_CHARS = 1500;
const LOG_LINES = 80;

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const started = task.result.startTime ?? 0;
  const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 60);
  const report: string[] = [`--- what "${task.name}" left behind ---`];
  for (const [index, page] of openPages().entries()) {
    const path = join(resultsDir(), `failed-${name}-${index}.png`);
    const text = await page
      .locator('body')
      .innerText({ timeout: 2000 })
      .catch((error: Error) => `(no text: ${error.message})`);
    await page.screenshot({ path, fullPage: true, timeout: 5000 }).catch(() => undefined);
    const waiting = unansweredRequests(page);
    report.push(
      `page ${index}: ${page.url()} (screenshot ${path})`,
      text.replace(/\s+/g, ' ').slice(0, PAGE_TEXT_CHARS),
      waiting === undefined
        ? '(its requests were not followed: a context made without newPage)'
        : waiting.length
          ? `requests without an answer: ${waiting.join('; ')}`
          : 'every request it sent was answered',
    );
  }
  report.push(`the API's log since the test started (last ${LOG_LINES} lines):`, ...(await apiLogSince(started)));
  console.error(report.join('\n'));
});

/** The shared API's log lines from `since` (epoch ms) on, one short line each. */
async function apiLogSince(since: number): Promise<string[]> {
  const text = await readFile(inject('apiLog'), 'utf8').catch(() => '');
  const lines: string[] = [];
  const assetRequests = new Set<unknown>(); // the app's files: noise beside the API's calls
  for (const line of text.split('\n')) {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      if (line.trim()) lines.push(line);
      continue;
    }
    if (typeof entry.time === 'number' && entry.time < since) continue;
    const req = entry.req as { method?: string; url?: string } | undefined;
    if (entry.reqId && req?.url && /^\/(assets\/|favicon)/.test(req.url)) assetRequests.add(entry.reqId);
    if (assetRequests.has(entry.reqId)) continue;
    const res = entry.res as { statusCode?: number } | undefined;
    const err = entry.err as { message?: string } | undefined;
    lines.push(
      [
        new Date(Number(entry.time)).toISOString().slice(11, 23),
        `level ${String(entry.level)}`,
        entry.reqId && `req ${String(entry.reqId)}`,
        req && `${req.method} ${req.url}`,
        res?.statusCode && `→ ${res.statusCode}`,
        entry.responseTime !== undefined && `${Math.round(Number(entry.responseTime))} ms`,
        String(entry.msg ?? ''),
        err?.message && `(${err.message})`,
      ]
        .filter(Boolean)
        .join(' '),
    );
  }
  return lines.slice(-LOG_LINES);
}

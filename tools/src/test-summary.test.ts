import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closingLine, summarise, summariseDirectory } from './test-summary.mjs';

describe('the closing test line', () => {
  it('sums passed and failed tests over every project', () => {
    const summary = summarise([
      { numPassedTests: 3, numFailedTests: 1, testResults: [] },
      { numPassedTests: 4, numFailedTests: 0, numPendingTests: 2, testResults: [] },
    ]);
    expect(closingLine(summary)).toBe('7 passed, 1 failed, 2 skipped');
  });

  it('counts a test file that failed to load as a failure', () => {
    const summary = summarise([
      { numPassedTests: 2, numFailedTests: 0, testResults: [{ status: 'failed', assertionResults: [] }] },
    ]);
    expect(closingLine(summary)).toBe('2 passed, 1 failed');
  });
});

describe('the reports of a project tested in tiers', () => {
  it('sums every tier’s report beside the project’s own, none in place of another', () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-summary-'));
    try {
      mkdirSync(join(dir, 'apps'));
      const report = (passed: number, failed: number) =>
        JSON.stringify({ numPassedTests: passed, numFailedTests: failed, testResults: [] });
      // The names vitest.shared.ts gives: <project root>.json, <project root>.<tier>.json.
      writeFileSync(join(dir, 'apps/api.json'), report(1, 0));
      writeFileSync(join(dir, 'apps/api.integration.json'), report(10, 1));
      writeFileSync(join(dir, 'apps/api.system.json'), report(100, 0));
      writeFileSync(join(dir, 'apps/api.media.json'), report(1000, 2));
      writeFileSync(join(dir, 'apps/web.json'), report(10000, 0));
      expect(closingLine(summariseDirectory(dir))).toBe('11111 passed, 3 failed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

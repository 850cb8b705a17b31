import { describe, expect, it } from 'vitest';
import { closingLine, summarise } from './test-summary.mjs';

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

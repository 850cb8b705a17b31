import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closingLine, failureLines, summarise, summariseDirectory } from './test-summary.mjs';

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

describe('the failures named above the closing line', () => {
  it('names each failed test by file, test and its message’s first line, and a file that did not load', () => {
    const summary = summarise([
      {
        numPassedTests: 1,
        numFailedTests: 1,
        testResults: [
          {
            name: '/tmp/ci/apps/api/test/integration/tus-uploads.test.ts',
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'tus keeps bytes' },
              {
                status: 'failed',
                fullName: 'tus > limits uploads per window',
                failureMessages: ['\u001b[31mAssertionError: expected 24 to be 30\u001b[39m\n    at test.ts:1'],
              },
            ],
          },
          {
            name: '/tmp/ci/libs/ui/src/x.test.tsx',
            status: 'failed',
            message: 'SyntaxError: oops\nmore',
            assertionResults: [],
          },
        ],
      },
    ]);
    expect(failureLines(summary)).toEqual([
      'Failed:',
      '  apps/api/test/integration/tus-uploads.test.ts > tus > limits uploads per window: AssertionError: expected 24 to be 30',
      '  libs/ui/src/x.test.tsx: did not load: SyntaxError: oops',
    ]);
    expect(closingLine(summary)).toBe('1 passed, 2 failed');
  });

  it('says a test timed out where vitest’s report keeps only its placeholder stack', () => {
    const message = [
      'Error: STACK_TRACE_ERROR',
      '    at task (file:///tmp/ci/node_modules/@vitest/runner/dist/chunk-artifact.js:1784:27)',
      '    at /tmp/ci/apps/api/test/integration/hardening-rpc.test.ts:167:3',
    ].join('\n');
    const summary = summarise([
      {
        numPassedTests: 0,
        numFailedTests: 1,
        testResults: [
          {
            name: '/tmp/ci/apps/api/test/integration/hardening-rpc.test.ts',
            status: 'failed',
            assertionResults: [{ status: 'failed', fullName: 'proxies', failureMessages: [message] }],
          },
        ],
      },
    ]);
    expect(failureLines(summary)[1]).toBe(
      '  apps/api/test/integration/hardening-rpc.test.ts > proxies: Test timed out (past its timeout) at apps/api/test/integration/hardening-rpc.test.ts:167',
    );
  });

  it('says what a timed-out browser step waited for and the test file line that waited', () => {
    const message = [
      'TimeoutError: locator.waitFor: Timeout 30000ms exceeded.',
      'Call log:',
      "\u001b[2m  - waiting for getByTestId('elapsed-time').filter({ hasText: '0:02' }) to be visible\u001b[22m",
      '',
      '    at /tmp/ci/apps/web-e2e/src/record/record-newcomer.e2e.test.ts:101:85',
      '    at /tmp/ci/node_modules/vitest/dist/chunk.js:10:3',
    ].join('\n');
    const summary = summarise([
      {
        numPassedTests: 0,
        numFailedTests: 1,
        testResults: [
          {
            name: '/tmp/ci/apps/web-e2e/src/record/record-newcomer.e2e.test.ts',
            status: 'failed',
            assertionResults: [{ status: 'failed', fullName: 'record > stops', failureMessages: [message] }],
          },
        ],
      },
    ]);
    expect(failureLines(summary)[1]).toBe(
      '  apps/web-e2e/src/record/record-newcomer.e2e.test.ts > record > stops: TimeoutError: locator.waitFor: Timeout 30000ms exceeded.' +
        " (waiting for getByTestId('elapsed-time').filter({ hasText: '0:02' }) to be visible)" +
        ' at apps/web-e2e/src/record/record-newcomer.e2e.test.ts:101',
    );
  });

  it('counts a file whose set-up failed, its tests skipped, as a failure', () => {
    const summary = summarise([
      {
        numPassedTests: 5,
        numFailedTests: 0,
        numPendingTests: 3,
        testResults: [
          {
            name: '/tmp/ci/apps/web-e2e/src/examples/examples.e2e.test.ts',
            status: 'failed',
            message: 'Error: npm pack failed\nmore',
            assertionResults: [{ status: 'skipped' }, { status: 'skipped' }, { status: 'skipped' }],
          },
        ],
      },
    ]);
    expect(closingLine(summary)).toBe('5 passed, 1 failed, 3 skipped');
    expect(failureLines(summary)).toEqual([
      'Failed:',
      '  apps/web-e2e/src/examples/examples.e2e.test.ts: failed before its tests ran: Error: npm pack failed',
    ]);
  });

  it('prints nothing when nothing failed', () => {
    expect(failureLines(summarise([{ numPassedTests: 3, numFailedTests: 0, testResults: [] }]))).toEqual([]);
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

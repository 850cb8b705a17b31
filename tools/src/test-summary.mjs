// Sums vitest's JSON reports (one per project, written by vitest.shared.ts) into the closing line
// CI reads: `N passed, N failed`. A test file that failed to load counts as a failure.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

function reportFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return reportFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

export function summarise(reports) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  for (const report of reports) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      const where = relativeName(file.name ?? '?');
      // A file that failed with no failed test of its own did not load, or its set-up (beforeAll)
      // failed and its tests were skipped: either way a failure, not a pass with skips.
      const tests = file.assertionResults ?? [];
      const suiteFailure = file.status === 'failed' && !tests.some((test) => test.status === 'failed');
      if (suiteFailure) {
        failed += 1;
        const what = tests.length === 0 ? 'did not load' : 'failed before its tests ran';
        failures.push(`${where}: ${what}: ${firstLine(file.message)}`);
      }
      for (const test of file.assertionResults ?? [])
        if (test.status === 'failed')
          failures.push(`${where} > ${test.fullName ?? test.title}: ${headline(test.failureMessages?.[0])}`);
    }
  }
  return { passed, failed, skipped, failures };
}

// CI shows only the tail of a run's output, so the failures are named where it is read, each
// on one line: the file (from the repository's root), the test and its message's first line.
function relativeName(path) {
  const at = path.search(/\/(?:apps|libs|tools)\//);
  return at === -1 ? path : path.slice(at + 1);
}

function firstLine(message) {
  const line =
    stripVTControlCharacters(String(message ?? ''))
      .split('\n')
      .find((part) => part.trim()) ?? '';
  return line.trim().slice(0, 300);
}

// A browser test's timeout says only "locator.waitFor: Timeout 30000ms exceeded.": what it waited
// for (Playwright's call log) and the test file's line that waited name the step that stalled.
function headline(message) {
  const text = stripVTControlCharacters(String(message ?? ''));
  const waiting = /^\s*- (waiting for .*)$/m.exec(text)?.[1];
  const at = /((?:apps|libs|tools)\/[^\s():]+\.test\.[cm]?[jt]sx?:\d+)/.exec(text)?.[1];
  // A test that outlives its timeout reaches the JSON report as the stack vitest captured where the
  // test was declared, whose first line is this placeholder, not "Test timed out in N ms".
  const first = firstLine(text).replace(/^Error: STACK_TRACE_ERROR$/, 'Test timed out (past its timeout)');
  return [first, waiting && `(${waiting.trim().slice(0, 200)})`, at && `at ${at}`].filter(Boolean).join(' ');
}

/** One line per failed test (and per file that did not load), for the end of the run's output. */
export function failureLines({ failures }) {
  return failures.length ? ['Failed:', ...failures.map((failure) => `  ${failure}`)] : [];
}

export function summariseDirectory(dir) {
  return summarise(reportFiles(dir).map((path) => JSON.parse(readFileSync(path, 'utf8'))));
}

export function closingLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : '');
}

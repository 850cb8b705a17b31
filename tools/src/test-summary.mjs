// Sums vitest's JSON reports (one per project, written by vitest.shared.ts) into the closing line
// CI reads: `N passed, N failed`. A test file that failed to load counts as a failure.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
  for (const report of reports) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      const loadFailure = file.status === 'failed' && (file.assertionResults ?? []).length === 0;
      if (loadFailure) failed += 1;
    }
  }
  return { passed, failed, skipped };
}

export function summariseDirectory(dir) {
  return summarise(reportFiles(dir).map((path) => JSON.parse(readFileSync(path, 'utf8'))));
}

export function closingLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : '');
}

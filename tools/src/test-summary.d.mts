export interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: { status: string; assertionResults?: unknown[] }[];
}
export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
}
export function summarise(reports: VitestReport[]): Summary;
export function summariseDirectory(dir: string): Summary;
export function closingLine(summary: Summary): string;

export interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: {
    name?: string;
    status: string;
    message?: string;
    assertionResults?: { status: string; title?: string; fullName?: string; failureMessages?: string[] }[];
  }[];
}
export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  /** `file > test: first line of the message`, one per failed test or file that did not load. */
  failures: string[];
}
export function summarise(reports: VitestReport[]): Summary;
export function summariseDirectory(dir: string): Summary;
export function closingLine(summary: Summary): string;
export function failureLines(summary: Summary): string[];

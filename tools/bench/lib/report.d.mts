export function loadNow(): string;
export function runMeta(): { date: string; cpus: number; cpuModel: string; load: string };
export function percentile(sorted: number[], p: number): number | undefined;
export function writeResults(root: string, name: string, markdown: string): Promise<void>;
export function runCleanups(cleanups: (() => unknown)[]): Promise<void>;

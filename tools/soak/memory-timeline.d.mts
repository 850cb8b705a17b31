export interface MemorySample {
  seconds: number;
  rss: number;
  heapUsed?: number;
  heapTotal?: number;
  external?: number;
}
export const WARMUP_SECONDS: number;
export const FLAT_TOLERANCE_BYTES: number;
export function sampleEverySeconds(loadSeconds: number): number;
export function warmupSeconds(loadSeconds: number): number;
export function sampleTimeline(
  read: () => Promise<Omit<MemorySample, 'seconds'>>,
  everySeconds: number,
): { stop(): Promise<MemorySample[]> };
export function flatAfterWarmup(
  samples: MemorySample[],
  warmup: number,
  toleranceBytes?: number,
): { ok: boolean; rule: string; detail: string; growth?: number };
export function timelineTable(samples: MemorySample[]): string;

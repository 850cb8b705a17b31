export interface ProgressSample {
  seconds: number;
  percent: number;
}
export function keepProgressSample(samples: ProgressSample[], seconds: number, percent: number): ProgressSample[];
export function progressOverTime(samples: ProgressSample[], readySeconds?: number, count?: number): string;

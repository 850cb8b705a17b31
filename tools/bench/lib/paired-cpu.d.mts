export class PairedCpu {
  add(name: string, seconds: number, bytes: number): void;
  measure<T extends { bytes: number }>(name: string, pids: number[], step: () => Promise<T>): Promise<T>;
  perGiB(name: string): number;
  ratios(name: string, reference: string): number[];
  ratio(name: string, reference: string): number;
}

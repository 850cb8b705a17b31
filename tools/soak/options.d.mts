export interface SoakOptions {
  uploads: number;
  streams: number;
  seconds: number;
  maxUploads: number;
  videoSeconds: number;
  settleSeconds: number;
}
export const defaults: SoakOptions;
export const usage: string;
export function parseOptions(argv: string[]): SoakOptions;

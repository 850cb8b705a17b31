export interface SoakOptions {
  uploads: number;
  streams: number;
  seconds: number;
  maxUploads: number;
  videoSeconds: number;
  settleSeconds: number;
  /** 1: resumable uploads in small PATCHes; 0: whole multipart uploads. */
  tus: number;
  idleSeconds: number;
}
export const defaults: SoakOptions;
export const usage: string;
export function parseOptions(argv: string[]): SoakOptions;

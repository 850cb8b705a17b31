import type { AuthEmulator } from '@stream/auth/testing';

export type { AuthEmulator };
export function killGroup(pid: number, signal: NodeJS.Signals): boolean;
export function startAuthEmulator(options: {
  port: number;
  timeoutMs?: number;
  graceMs?: number;
  cancelled?: () => boolean;
}): Promise<AuthEmulator>;

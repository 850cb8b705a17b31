export const EMULATOR_PROJECT_ID: string;
export function killGroup(pid: number, signal: NodeJS.Signals): boolean;
export interface AuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** The firebase CLI's pid (leader of its process group); undefined when an emulator was reused. */
  pid: number | undefined;
  reused: boolean;
  /** The emulator's last output (empty when reused). */
  output?(): string;
  /** Resolves when the emulator exits (absent when reused). */
  exited?: Promise<unknown>;
  stop(): Promise<void>;
}
export function startAuthEmulator(options: {
  port: number;
  timeoutMs?: number;
  graceMs?: number;
  cancelled?: () => boolean;
}): Promise<AuthEmulator>;

import type { Config } from '../../config';

export interface ListenHost {
  host: string;
  /** Said loudly at start-up when the settings expose unverified sign-ins. */
  warning?: string;
}

/**
 * Where the server listens. With the Auth emulator, firebase-admin accepts unsigned tokens for any
 * user, so anyone who can reach the port can act as anyone: the server then listens on 127.0.0.1
 * only, unless HOST says otherwise, and then it warns. Without the emulator: HOST or 0.0.0.0.
 */
export function listenHost(config: Pick<Config, 'HOST' | 'FIREBASE_AUTH_EMULATOR_HOST'>): ListenHost {
  if (!config.FIREBASE_AUTH_EMULATOR_HOST) return { host: config.HOST ?? '0.0.0.0' };
  if (!config.HOST) return { host: '127.0.0.1' };
  if (isLoopback(config.HOST)) return { host: config.HOST };
  return {
    host: config.HOST,
    warning:
      `WARNING: FIREBASE_AUTH_EMULATOR_HOST is set, so ID tokens are NOT verified (anyone can sign in as any user), ` +
      `and HOST=${config.HOST} exposes this server beyond this machine. Never run it like this where others can reach it.`,
  };
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

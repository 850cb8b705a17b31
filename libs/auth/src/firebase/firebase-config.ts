import { EMULATOR_PROJECT_ID } from '../testing/emulator-project';

/** Where Firebase Auth lives: a real project, or the local emulator (the default). */
export interface FirebaseSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** host:port of the Auth emulator; absent for a real project. */
  emulatorHost?: string;
}

export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

/**
 * Reads the build-time `VITE_FIREBASE_*` variables. Without `VITE_FIREBASE_API_KEY` the app uses the
 * emulator (`VITE_FIREBASE_AUTH_EMULATOR_HOST`, default 127.0.0.1:9099) and project demo-stream;
 * with it, a real project, unless an emulator host is also given.
 *
 * `atRunTime.authEmulatorHost`, the emulator the server trusts (GET /api/config), replaces the
 * build's: the server's CSP lets the page reach that one only, and the same build must keep
 * working when `npm start` moves the emulator to another port.
 */
export function firebaseSettingsFromEnv(
  env: Record<string, string | boolean | undefined>,
  atRunTime: { authEmulatorHost?: string } = {},
): FirebaseSettings {
  const read = (name: string) => {
    const value = env[name];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const apiKey = read('VITE_FIREBASE_API_KEY');
  const projectId = read('VITE_FIREBASE_PROJECT_ID') ?? EMULATOR_PROJECT_ID;
  const emulatorHost =
    atRunTime.authEmulatorHost ??
    read('VITE_FIREBASE_AUTH_EMULATOR_HOST') ??
    (apiKey ? undefined : DEFAULT_EMULATOR_HOST);
  return {
    apiKey: apiKey ?? 'fake-api-key',
    authDomain: read('VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
    projectId,
    ...(emulatorHost ? { emulatorHost } : {}),
  };
}

// The API tests use the shared emulator helpers of @stream/auth/testing (retried sign-ups, unique
// emails); these names are what the API suites import. One emulator serves the whole run.
import { readFileSync } from 'node:fs';
import { reusedAuthEmulator, type AuthEmulator } from '@stream/auth/testing';
import { inject } from 'vitest';
import { makeWebm } from './webm';

export { createTestUser as newTestUser } from '@stream/auth/testing';

/**
 * The run's Auth emulator, which global-setup.ts started: starting one takes 10-30 s on two cores,
 * which each of ~55 files used to pay. Files stay apart because every test user has its own email
 * (uniqueEmail) and uid. `stop()` leaves it running for the next file; global setup ends it.
 */
export async function startAuthEmulator(): Promise<AuthEmulator> {
  const host = inject('authEmulatorHost');
  const response = await fetch(`http://${host}/`).catch((error: unknown) => error);
  if (!(response instanceof Response) || !response.ok)
    throw new Error(`The run's Auth emulator on ${host} does not answer (see the global setup's output)`);
  return reusedAuthEmulator(host);
}

/**
 * What most upload suites start their file with, made at once: the Auth emulator and the bytes of
 * a real `seconds`-long WebM.
 */
export async function startEmulatorWithWebm(seconds: number): Promise<{ emulator: AuthEmulator; webm: Buffer }> {
  const [emulator, path] = await Promise.all([startAuthEmulator(), makeWebm({ seconds })]);
  return { emulator, webm: readFileSync(path) };
}

// The API tests use the shared emulator helpers of @stream/auth/testing (own ports per instance,
// retried sign-ups); these names are what the API suites import.
import { readFileSync } from 'node:fs';
import { startAuthEmulator, type AuthEmulator } from '@stream/auth/testing';
import { makeWebm } from './webm';

export { createTestUser as newTestUser, startAuthEmulator } from '@stream/auth/testing';

/**
 * What most upload suites start their file with, made at once: the Auth emulator and the bytes of
 * a real `seconds`-long WebM. Stop the emulator in afterAll.
 */
export async function startEmulatorWithWebm(seconds: number): Promise<{ emulator: AuthEmulator; webm: Buffer }> {
  const [emulator, path] = await Promise.all([startAuthEmulator(), makeWebm({ seconds })]);
  return { emulator, webm: readFileSync(path) };
}

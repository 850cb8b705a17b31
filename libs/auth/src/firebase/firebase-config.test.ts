import { describe, expect, it } from 'vitest';
import { firebaseSettingsFromEnv } from './firebase-config';

describe('firebaseSettingsFromEnv', () => {
  it('uses the emulator on 127.0.0.1:9099 by default, the build’s emulator when given one', () => {
    expect(firebaseSettingsFromEnv({}).emulatorHost).toBe('127.0.0.1:9099');
    expect(firebaseSettingsFromEnv({ VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:4000' }).emulatorHost).toBe(
      '127.0.0.1:4000',
    );
    expect(firebaseSettingsFromEnv({ VITE_FIREBASE_API_KEY: 'key' }).emulatorHost).toBeUndefined();
  });

  it('takes the emulator the server names at run time over the one it was built with', () => {
    const built = { VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(firebaseSettingsFromEnv(built, { authEmulatorHost: '127.0.0.1:9199' })).toEqual({
      apiKey: 'fake-api-key',
      authDomain: 'demo-stream.firebaseapp.com',
      projectId: 'demo-stream',
      emulatorHost: '127.0.0.1:9199',
    });
    expect(firebaseSettingsFromEnv({}, { authEmulatorHost: 'localhost:9199' }).emulatorHost).toBe('localhost:9199');
    // A server without an emulator leaves the build's settings alone.
    expect(firebaseSettingsFromEnv(built, {}).emulatorHost).toBe('127.0.0.1:9099');
  });
});

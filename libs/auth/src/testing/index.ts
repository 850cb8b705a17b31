export { EMULATOR_PROJECT_ID } from './emulator-project';
export { freePort, freePorts, reusedAuthEmulator, startAuthEmulator, type AuthEmulator } from './auth-emulator';
export { clearTestUsers, createTestUser, signInTestUser, uniqueEmail, type TestUser } from './test-users';
export { createFakeAuthClient, type FakeAuthClient } from './fake-auth-client';

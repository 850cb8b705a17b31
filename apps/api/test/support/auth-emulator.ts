// The API tests use the shared emulator helpers of @stream/auth/testing (own ports per instance,
// retried sign-ups); these names are what the API suites import.
export { createTestUser as newTestUser, startAuthEmulator } from '@stream/auth/testing';

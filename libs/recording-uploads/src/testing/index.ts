// Test doubles for code that uses this lib (not for production).
export { FakeOpfs } from './fake-opfs.ts';

// The harness for browser tests; see README.md.
export { startApi, type ApiServer, type StartApiOptions } from './harness/api-server';
export { downloadedBytes, launchBrowser, newPage, screenshot } from './harness/browser';
export {
  emulatorOobCode,
  emulatorPhoneCode,
  enterEmail,
  enterPassword,
  newSignedInPage,
  signInThroughUi,
  signUpThroughUi,
  type SignedInPage,
} from './harness/accounts';

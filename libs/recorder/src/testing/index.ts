// Fakes of the browser's media APIs for unit tests of code that uses the recorder (not for production).
export {
  FakeAudioContext,
  FakeMediaRecorder,
  FakeStream,
  FakeTrack,
  createFakeBrowser,
  type FakeBrowserOptions,
} from './fake-browser.ts';

// Fakes of the browser's media APIs and of a chunk sink, for unit tests of code that uses the recorder (not for production).
export {
  FakeAudioContext,
  FakeMediaRecorder,
  FakeStream,
  FakeTrack,
  createFakeBrowser,
  type FakeBrowserOptions,
} from './fake-browser.ts';
export { FakeSink, settle, type FakeSinkOptions } from './fake-sink.ts';

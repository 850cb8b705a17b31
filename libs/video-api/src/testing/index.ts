export {
  VIEW_WINDOW_MS,
  createFakeVideoService,
  type FakeVideoService,
  type FakeVideoServiceOptions,
} from './fake-video-service';
export { fakeVideo } from './fake-video';
export { startFakeTusServer, type FakeTusFault, type FakeTusServer, type FakeTusUpload } from './fake-tus-server';
export { updateVideoMaskContract } from './update-video-contract';

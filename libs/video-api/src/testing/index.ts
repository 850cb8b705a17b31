export {
  VIEW_WINDOW_MS,
  createFakeVideoService,
  type FakeVideoService,
  type FakeVideoServiceOptions,
} from './fake-video-service';
export { fakeVideo } from './fake-video';

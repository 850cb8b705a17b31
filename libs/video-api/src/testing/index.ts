export {
  VIEW_WINDOW_MS,
  createFakeVideoService,
  type FakeVideoService,
  type FakeVideoServiceOptions,
} from './fake-video-service';
export { fakeVideo } from './fake-video';
export { startFakeTusServer, type FakeTusFault, type FakeTusServer, type FakeTusUpload } from './fake-tus-server';
export { createFakeTeamService, type FakeTeamService } from './fake-team-service';

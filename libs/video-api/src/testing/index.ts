export {
  VIEW_WINDOW_MS,
  createFakeVideoService,
  type FakeVideoService,
  type FakeVideoServiceOptions,
} from './fake-video-service';
export { fakeVideo } from './fake-video';
export {
  startFakeTusServer,
  type FakeTusFault,
  type FakeTusServer,
  type FakeTusServerOptions,
  type FakeTusUpload,
} from './fake-tus-server';
export {
  codeOf,
  withHeaders,
  libraryContract,
  resumableUploadContract,
  teamServiceContract,
  videoServiceContract,
  editServiceContract,
  webhookServiceContract,
  type EditContractSubject,
  type RpcContractSubject,
  type TusContractSubject,
} from './contract';
export { readZip, type ZipEntry } from './read-zip';
export { makeTestClip, testClipArgs, type TestClipOptions, type TestClipVideo } from './test-clip';
export { updateVideoMaskContract } from './update-video-contract';
export { createFakeTeamService, type FakeTeamService } from './fake-team-service';
export { createFakeConversationService, type FakeConversationService } from './fake-conversation-service';
export { createFakeTranscriptService, type FakeTranscriptService } from './fake-transcript-service';
export {
  createFakeWebhookService,
  type FakeWebhookService,
  type FakeWebhookServiceOptions,
} from './fake-webhook-service';

export { createRecordingUploads, type RecordingUploadsOptions } from './create-recording-uploads.ts';
export {
  composeRecordingUploads,
  type RecordingUploads,
  type RecordingUploadsParts,
  type RecordingUploadState,
} from './recording-uploads.ts';
export {
  createInstantRecording,
  type InstantRecording,
  type InstantRecordingDeps,
  type InstantState,
} from './instant/instant-recording.ts';
export { instantMessages } from './messages.ts';
export { uploadViewOf, type UploadView } from './upload-view.ts';
export {
  createIdbSpoolStore,
  createOpfsSpoolStore,
  createUploadSink,
  freeSpoolBytes,
  hasSpoolStorage,
  lowSpaceBytes,
  openSpoolStore,
  type Spool,
  type SpooledRecording,
  type SpoolStore,
  type UploadProgress,
  type UploadSink,
  type UploadSinkOptions,
  type UploadTarget,
} from './spool/index.ts';
export { changeWhoCanWatch, mintSharedLink, type SharedLink, type WhoCanWatch } from './share/share-link.ts';

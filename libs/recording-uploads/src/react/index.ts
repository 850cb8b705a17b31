export { useRecorderWithUploads, useRecordingUploadState, type RecorderWithUploads } from './use-recording-uploads.ts';
export {
  useUnfinishedRecordings,
  type UnfinishedRecordings,
  type UnfinishedRecordingView,
} from './use-unfinished-recordings.ts';
export { useUnfinishedRecordingCount } from './use-unfinished-recording-count.ts';
export { useRecordPage } from './use-record-page.ts';
export { useWhoCanWatch, type WhoCanWatchControl } from './use-who-can-watch.ts';
export { useRecordUploadView } from './use-record-upload-view.ts';
export { useRecordingTitle, type RecordingTitleControl } from './use-recording-title.ts';

export {
  ResumableUploadError,
  createResumableClient,
  resumableUploadsPath,
  videoIdHeader,
  type ResumableClient,
  type ResumableClientOptions,
  type ResumableErrorCode,
  type ResumableUpload,
  type UploadRef,
} from './resumable-upload-client';
export { type Backoff, type OnlineSignal } from './retry-wait';

export {};
export { createVideoTransport, bearerInterceptor, type GetToken, type VideoTransportOptions } from './transport/create-video-transport';
export { requestTimeoutMs } from './transport/request-timeout';
export { describeVideoError, isVideoNotFound, type VideoErrorDescription } from './errors/describe-video-error';
export {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE_NUMBER,
  PROCESSING_REFETCH_MS,
  getVideoKey,
  getVideoQuery,
  isProcessing,
  listVideosKey,
  listVideosQuery,
  nextPageNumber,
  refetchWhileProcessing,
} from './queries/video-queries';
export {
  deleteVideoMutation,
  shareVideoMutation,
  updateVideoMutation,
  type DeleteVideoInput,
  type ShareVideoInput,
  type UpdateVideoInput,
} from './queries/video-mutations';
export {
  createUploadClient,
  statusFailure,
  uploadFieldName,
  uploadFileName,
  uploadMessages,
  uploadPath,
  type UploadClient,
  type UploadClientOptions,
  type UploadErrorCode,
  type UploadOptions,
  type UploadResult,
} from './upload';
export { MAX_RETRIES, retryVideoCall } from './errors/retry-video-call';

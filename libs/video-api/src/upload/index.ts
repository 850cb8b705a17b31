export {
  createUploadClient,
  parseAnswer,
  statusResult,
  uploadFieldName,
  uploadFileName,
  uploadPath,
  type UploadClient,
  type UploadClientOptions,
  type UploadErrorCode,
  type UploadOptions,
  type UploadResult,
} from './upload-client';
export { statusFailure, uploadMessages } from './upload-messages';

export type { MediaKind } from '../db/media-asset.table';
export {
  MediaGoneError,
  MediaService,
  type AssetVersion,
  type MediaServiceDeps,
  type OpenedAsset,
  type StagedAsset,
} from './media.service';
export {
  RESUMABLE_UPLOAD_PREFIX,
  resumableUploadKey,
  resumableUploadObjects,
  videoOfResumableUploadKey,
} from './media-key';
export { ResumableUploadFiles } from './resumable-upload-files';
export { ResumableUploadObjects } from './resumable-upload-objects';
export { TusFiles, type FinishedUpload, type TusStorage } from './tus-files';
export { TusObjects } from './tus-objects';

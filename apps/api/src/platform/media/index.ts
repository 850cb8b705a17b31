export type { MediaKind } from '../../videos/media-asset.table';
export {
  RESUMABLE_UPLOAD_PREFIX,
  resumableUploadKey,
  resumableUploadObjects,
  videoOfResumableUploadKey,
} from './media-key';

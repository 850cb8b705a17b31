export type { MediaKind } from '../db/media-asset.table';
export {
  MediaGoneError,
  MediaService,
  type AssetVersion,
  type MediaServiceDeps,
  type OpenedAsset,
  type StagedAsset,
} from './media.service';

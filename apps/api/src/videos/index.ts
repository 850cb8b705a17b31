export { RENDITION_KINDS, type MediaKind } from './media-asset.table';
export { MediaService, type AssetVersion, type StagedAsset } from './media.service';
export { createProcessingVideoStore } from './processing-video-store';
export { QUOTA_EXCEEDED, QuotaExceededError } from './quota';
export { QuotaService } from './quota.service';
export { RecentBlobKeys } from './recent-blob-keys';
export { createRenditionVideoStore } from './rendition-video-store';
export { signedRangeLane } from './signed-range-lane';
export { UrlSigner } from './url-signer';
export {
  ACCEPTED_CONTAINERS,
  MAX_TITLE_LENGTH,
  VIDEO_MAGIC_LENGTH,
  videoContainerOf,
  type VideoStatus,
  type VideoVisibility,
} from './video';
export { VideoLinks, embedPagePath, sharePagePath, watchPagePath } from './video-links';
export { registerStreamRoutes } from './video-stream.routes';
export { toVideo, type CallToAction, type StoredVideo } from './video.mapper';
export { toVideoJson, toVideoMessage, visibilityFromProto } from './video.message';
export { findLinkGeneration, findVideo, mainLinkColumns, videoColumns } from './video.repository';
export * as videoRepository from './video.repository';
export { VideoService, narrows, teamlessTeamVisibility, type ReceivedUpload } from './video.service';
export { type CallToActionPlacement, type HlsRung, type TranscriptState, type VideoRow } from './video.table';
export { spokenLanguage, videoId, viewerId } from './video.validation';
export * as videoValidation from './video.validation';
export { newVideoId, uploadedVideoRow } from './uploaded-video-row';

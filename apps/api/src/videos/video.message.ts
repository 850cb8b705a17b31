import { create, toJson, type JsonObject } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  RenditionState,
  Status,
  Visibility,
  VideoRightsSchema,
  VideoRungSchema,
  VideoSchema,
  type Video,
} from '@stream/proto';
import { callToActionMessage } from '../call-to-action';
import { editingFields } from '../edits';
import { enumMapping } from '../platform/rpc/enum-mapping';
import { transcriptFields } from '../transcripts';
import type { VideoLinks } from './video-links';
import type { StoredVideo } from './video.mapper';
import type { VideoStatus, VideoVisibility } from './video';

const statusToProto: Record<VideoStatus, Status> = {
  UNSPECIFIED: Status.UNSPECIFIED,
  PROCESSING: Status.PROCESSING,
  READY: Status.READY,
  FAILED: Status.FAILED,
};

const mp4StateToProto: Record<StoredVideo['mp4State'], RenditionState> = {
  NONE: RenditionState.UNSPECIFIED,
  READY: RenditionState.READY,
  FAILED: RenditionState.FAILED,
};

const visibility = enumMapping<VideoVisibility, Visibility>({
  PRIVATE: Visibility.PRIVATE,
  SHARED: Visibility.SHARED,
  PUBLIC: Visibility.PUBLIC,
  TEAM: Visibility.TEAM,
});
export const visibilityToProto = visibility.toProto;
export const visibilityFromProto = visibility.fromProto;

/**
 * The owner's sign-in uid goes to whoever may see the video as its owner does (its
 * `viewOriginal`, the policy's answer): a link's viewers, team members and other
 * people see '' (they have `owner_name`, and the web app's "is this mine" is `user_id === my uid`,
 * which stays right). `owner`: the caller owns the video, so the message may carry the unedited
 * video's URL and the saved annotations; `ownerAnnotations` alone gives the annotations (lists,
 * which carry no URL of the original). `callerUid`, who asks, decides nothing here.
 */
export function toVideoMessage(
  video: StoredVideo,
  links: VideoLinks,
  options: { callerUid: string | undefined; owner?: boolean; ownerAnnotations?: boolean },
): Video {
  return create(VideoSchema, {
    id: video.id,
    title: video.title,
    description: video.description,
    userId: options.owner === true || video.viewOriginal === true ? video.userId : '',
    url: links.streamUrl(video),
    thumbnailUrl: links.thumbnailUrl(video),
    status: statusToProto[video.status],
    visibility: visibilityToProto[video.visibility],
    createdAt: timestampFromDate(video.createdAt),
    durationSeconds: video.editing.editedDurationSeconds ?? video.durationSeconds,
    sizeBytes: BigInt(video.sizeBytes),
    failureReason: video.failureReason,
    processingProgress: video.processingProgress,
    viewCount: BigInt(video.viewCount),
    ownerName: video.ownerName,
    ...editingFields(video, links, options.owner === true, options.owner === true || options.ownerAnnotations === true),
    folderId: video.folderId,
    tags: video.tags,
    teamId: video.teamId ?? '',
    teamName: video.teamName ?? '',
    mp4Url: links.mp4Url(video),
    mp4State: mp4StateToProto[video.mp4State],
    hlsUrl: links.hlsUrl(video),
    hlsRungs: links.hlsUrl(video)
      ? video.hlsRungs.map((rung, index) =>
          create(VideoRungSchema, {
            width: rung.width,
            height: rung.height,
            bandwidth: rung.bandwidth,
            playlistUrl: links.hlsUrl(video, index),
          }),
        )
      : [],
    ...transcriptFields(video),
    callerRights: video.callerRights && create(VideoRightsSchema, video.callerRights),
    callToAction: callToActionMessage(video.callToAction),
  });
}

/** The same Video in the proto3 JSON mapping (enum names, camelCase, int64 as string), every field present. */
export function toVideoJson(video: StoredVideo, links: VideoLinks, callerUid: string): JsonObject {
  return toJson(VideoSchema, toVideoMessage(video, links, { callerUid }), { alwaysEmitImplicit: true }) as JsonObject;
}

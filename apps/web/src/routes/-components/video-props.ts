import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Status, type Video, Visibility } from '@stream/proto';
import type { VideoCardProps, VideoStatusLabel, VideoVisibilityLabel } from '@stream/ui';

// The route layer maps proto messages to the ui lib's plain props (ui never imports proto).

export function statusLabel(status: Status): VideoStatusLabel {
  switch (status) {
    case Status.PROCESSING:
      return 'PROCESSING';
    case Status.READY:
      return 'READY';
    case Status.FAILED:
      return 'FAILED';
    default:
      return 'UNSPECIFIED';
  }
}

export function visibilityLabel(visibility: Visibility): VideoVisibilityLabel {
  switch (visibility) {
    case Visibility.SHARED:
      return 'shared';
    case Visibility.PUBLIC:
      return 'public';
    default:
      return 'private';
  }
}

export function createdAtOf(video: Video): Date {
  return video.createdAt ? timestampDate(video.createdAt) : new Date(Number.NaN);
}

export function toCardProps(video: Video): Omit<VideoCardProps, 'renderLink'> {
  return {
    title: video.title,
    description: video.description,
    thumbnailUrl: video.thumbnailUrl,
    status: statusLabel(video.status),
    visibility: visibilityLabel(video.visibility),
    createdAt: createdAtOf(video),
  };
}

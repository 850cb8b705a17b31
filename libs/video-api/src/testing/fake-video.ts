import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Status, type Video, VideoSchema, Visibility } from '@stream/proto';

let sequence = 0;

/** A Video message with plausible defaults; pass only the fields a test cares about. */
export function fakeVideo(init: MessageInitShape<typeof VideoSchema> = {}): Video {
  sequence += 1;
  const id = init.id ?? `video-${sequence}`;
  return create(VideoSchema, {
    id,
    title: `Video ${sequence}`,
    description: '',
    userId: 'user-1',
    url: `/api/videoservice/video/${id}`,
    thumbnailUrl: `/api/videoservice/thumbnail/${id}`,
    status: Status.READY,
    visibility: Visibility.PRIVATE,
    createdAt: timestampFromDate(new Date(Date.UTC(2026, 0, 1) + sequence * 60_000)),
    durationSeconds: 3,
    ownerName: 'Ada',
    ...init,
  });
}

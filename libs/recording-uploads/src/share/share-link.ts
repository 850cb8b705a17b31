import { create } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import type { Client } from '@connectrpc/connect';
import type { VideoService } from '@stream/proto';
import { visibilityLabel, visibilityOfLabel } from '@stream/video-api';

/** Who can watch a recording, in the words of `@stream/ui`: only its owner, anyone with its link, anyone. */
export type WhoCanWatch = 'private' | 'shared' | 'public';

/** A recording's watch-page link and who can watch it now. */
export interface SharedLink {
  readonly url: string;
  readonly visibility: WhoCanWatch;
}

type Videos = Pick<Client<typeof VideoService>, 'shareVideo' | 'updateVideo'>;

/**
 * Who can watch, changed alone: UpdateVideo with an update_mask of `visibility` only, so the
 * title and description the server holds stay (the page may not know them). Answers what the
 * server saved.
 */
export async function changeWhoCanWatch(videos: Videos, videoId: string, to: WhoCanWatch): Promise<WhoCanWatch> {
  const saved = await videos.updateVideo({
    videoId,
    visibility: visibilityOfLabel[to],
    updateMask: create(FieldMaskSchema, { paths: ['visibility'] }),
  });
  return visibilityLabel(saved.visibility);
}

/**
 * The recording's link (ShareVideo, which makes a private video shared), then, if the person
 * chose a default (`defaultVisibility`, e.g. from their settings) other than what sharing left,
 * that default.
 */
export async function mintSharedLink(
  videos: Videos,
  videoId: string,
  defaultVisibility?: WhoCanWatch,
): Promise<SharedLink> {
  const shared = await videos.shareVideo({ videoId });
  const now = visibilityLabel(shared.visibility);
  const visibility =
    defaultVisibility && defaultVisibility !== now ? await changeWhoCanWatch(videos, videoId, defaultVisibility) : now;
  return { url: shared.url, visibility };
}

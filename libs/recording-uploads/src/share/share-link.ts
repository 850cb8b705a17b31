import type { Client } from '@connectrpc/connect';
import { Visibility, type VideoService } from '@stream/proto';

/** Who can watch a recording, in the words of `@stream/ui`: only its owner, anyone with its link, anyone. */
export type WhoCanWatch = 'private' | 'shared' | 'public';

/** A recording's watch-page link and who can watch it now. */
export interface SharedLink {
  readonly url: string;
  readonly visibility: WhoCanWatch;
}

type Videos = Pick<Client<typeof VideoService>, 'shareVideo' | 'updateVideo'>;

// The mapping `@stream/video-api` also has (video-view.ts), kept here so /record's chunk does not
// pull that module (and a chunk of its own) into the first page's preload lists.
const visibilityOf: Record<WhoCanWatch, Visibility> = {
  private: Visibility.PRIVATE,
  shared: Visibility.SHARED,
  public: Visibility.PUBLIC,
};
const whoCanWatch = (visibility: Visibility): WhoCanWatch =>
  visibility === Visibility.PUBLIC ? 'public' : visibility === Visibility.SHARED ? 'shared' : 'private';

/**
 * Who can watch, changed alone: UpdateVideo with an update_mask of `visibility` only, so the
 * title and description the server holds stay (the page may not know them). Answers what the
 * server saved.
 */
export async function changeWhoCanWatch(videos: Videos, videoId: string, to: WhoCanWatch): Promise<WhoCanWatch> {
  const saved = await videos.updateVideo({
    videoId,
    visibility: visibilityOf[to],
    updateMask: { paths: ['visibility'] },
  });
  return whoCanWatch(saved.visibility);
}

/**
 * The recording's link (ShareVideo with `keepVisibility`: the video keeps the visibility the
 * server gave it at creation, the person's default, so a Private default stays private at Stop),
 * then, if the caller chose a default (`defaultVisibility`) other than that, that default.
 */
export async function mintSharedLink(
  videos: Videos,
  videoId: string,
  defaultVisibility?: WhoCanWatch,
): Promise<SharedLink> {
  const shared = await videos.shareVideo({ videoId, keepVisibility: true });
  const now = whoCanWatch(shared.visibility);
  const visibility =
    defaultVisibility && defaultVisibility !== now ? await changeWhoCanWatch(videos, videoId, defaultVisibility) : now;
  return { url: shared.url, visibility };
}

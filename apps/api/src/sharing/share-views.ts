import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import { videoRepository as repository, type VideoService } from '../videos';
import { ownsIt, type Grant } from '../access';
import type { ShareLinkGates } from './share-link-gates';
import { AppError } from '../platform/app-error';
import { isViewMilestone, type WebhookService } from '../webhooks';

/**
 * Views one client address may add to one video in one hour while signed out: a signed-out viewer
 * names itself (a random id its browser keeps), so without a bound one client counts a view per id.
 * Ten leaves room for an office or a school behind one address.
 */
export const MAX_ANONYMOUS_VIEWS_PER_ADDRESS = 10;

export interface ShareViewsDeps {
  db: Kysely<Database>;
  videos: VideoService;
  gates: ShareLinkGates;
  /** view.milestone webhooks. */
  hooks?: Pick<WebhookService, 'emitSoon'>;
}

/**
 * A view of a video the caller may read, counted once per viewer per hour; the owner's never
 * count. The viewer is the signed-in uid, else who the link they came by says they are, else the
 * browser's `viewerId`, and then at most MAX_ANONYMOUS_VIEWS_PER_ADDRESS views count per client
 * `address` (when known). Returns the view count.
 */
export async function recordView(
  deps: ShareViewsDeps,
  caller: User | undefined,
  id: string,
  viewerId: string,
  grant: Grant,
  address?: string,
): Promise<number> {
  const video = await deps.videos.readable(caller, id, grant);
  if (ownsIt(caller, video)) return video.viewCount;
  const attributed = caller ? undefined : await deps.gates.attribution(id, grant, viewerId);
  const viewerKey = caller ? `user:${caller.uid}` : (attributed?.viewerKey ?? `anon:${viewerId}`);
  const from =
    !caller && address ? { address: addressDigest(id, address), max: MAX_ANONYMOUS_VIEWS_PER_ADDRESS } : undefined;
  const count = await repository.recordView(deps.db, id, viewerKey, from);
  if (count === undefined) throw new AppError('not_found', `No video ${id}`);
  if (isViewMilestone(count))
    deps.hooks?.emitSoon({
      event: 'view.milestone',
      video: { id: video.id, userId: video.userId, teamId: video.teamId, title: video.title },
      data: { views: count },
      onceKey: `views:${count}`,
    });
  return count;
}

/** The address as stored with a view: a digest per video, so the table does not list who watched what by address. */
function addressDigest(videoId: string, address: string): string {
  return createHash('sha256').update(`${videoId}\n${address}`).digest('base64url').slice(0, 22);
}

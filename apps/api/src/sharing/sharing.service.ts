import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import type { VideoVisibility } from '../videos';
import type { Database } from '../platform/db/schema';
import { videoRepository as repository } from '../videos';
import { linkWorks, type Grant } from '../access';
import type { ShareLinkGates } from './share-link-gates';
import { AppError } from '../platform/app-error';
import { toVideo, type StoredVideo } from '../videos';
import type { VideoService } from '../videos';
import { isViewMilestone, type WebhookService } from '../webhooks';
import { publishRevocation } from '../access';

export interface SharingServiceDeps {
  db: Kysely<Database>;
  videos: VideoService;
  /** Issue 28: named links and the password and email gates. */
  gates?: ShareLinkGates;
  /** Webhooks (issue 28, item 7): view.milestone. */
  hooks?: Pick<WebhookService, 'emitSoon'>;
}

export interface ShareOptions {
  /** Seconds from now until the link expires; 0: never; undefined: keep the link's expiry (never for a new link). */
  expireAfterSeconds?: number;
  /** Replace the link: the old token stops working at once. */
  newLink: boolean;
  /** Leave who can watch as it is (a PRIVATE video keeps a link that works once shared). */
  keepVisibility?: boolean;
}

export interface SharedLink {
  video: StoredVideo;
  shareToken: string;
  expiresAt?: Date;
  visibility: VideoVisibility;
}

/**
 * Views one client address may add to one video in one hour while signed out: a signed-out viewer
 * names itself (a random id its browser keeps), so without a bound one client counts a view per id.
 * Ten leaves room for an office or a school behind one address.
 */
export const MAX_ANONYMOUS_VIEWS_PER_ADDRESS = 10;

const notAvailable = () => new AppError('not_found', 'This video is not available');

/** Share links (one per video, with an optional expiry) and view counting. */
export class SharingService {
  constructor(private readonly deps: SharingServiceDeps) {}

  /**
   * Owner only: the video's link, minted or replaced as asked; a PRIVATE video becomes SHARED
   * unless `keepVisibility` (a recording's link at Stop: the owner's default visibility holds).
   * Replacing the link, or moving its expiry earlier, revokes the signed URLs handed out so far
   * (their holders may have had them through the old link, or until the old expiry).
   */
  async share(user: User, id: string, options: ShareOptions): Promise<SharedLink> {
    const video = await this.deps.videos.owned(user, id);
    const mint = options.newLink || !video.shareToken;
    const shareToken = mint ? randomBytes(18).toString('base64url') : video.shareToken!;
    const expiresAt = linkExpiry(options.expireAfterSeconds, video);
    const visibility = video.visibility === 'PRIVATE' && !options.keepVisibility ? 'SHARED' : video.visibility;
    const revokeLinks =
      video.shareToken !== undefined && (options.newLink || expiresEarlier(expiresAt, video.shareExpiresAt));
    const row = await repository.updateVideo(
      this.deps.db,
      id,
      { share_token: shareToken, share_expires_at: expiresAt, visibility },
      { revokeLinks },
    );
    if (!row) throw new AppError('not_found', `No video ${id}`);
    if (revokeLinks) this.deps.videos.linksRevoked(id);
    if (revokeLinks) await publishRevocation(this.deps.db, { kind: 'video', id });
    return { video: toVideo(row), shareToken, expiresAt: expiresAt ?? undefined, visibility };
  }

  /**
   * The video a working link (the main one or a named one) names, for anyone holding it (signed in
   * or not); not_found for an unknown, reset, revoked, expired or PRIVATE link, alike. A link with a
   * password or an email gate is permission_denied (nothing of the video) until `passes` holds a
   * pass through it, except for the video's owner.
   */
  async getShared(caller: User | undefined, shareToken: string, passes: readonly string[] = []): Promise<StoredVideo> {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(shareToken)) throw notAvailable();
    if (this.deps.gates) {
      const link = await this.deps.gates.find(shareToken);
      if (!link?.works) throw notAvailable();
      if (caller?.uid !== link.ownerUid && this.deps.gates.passed(link, passes) === undefined)
        throw new AppError('permission_denied', 'This link asks for a password or your email first');
      return this.deps.videos.get(caller, link.videoId, { shareToken, passes });
    }
    const row = await repository.findVideoByShareToken(this.deps.db, shareToken);
    if (!row || !linkWorks(toVideo(row))) throw notAvailable();
    return this.deps.videos.get(caller, row.id, { shareToken });
  }

  /**
   * A view of a video the caller may read, counted once per viewer per hour; the owner's never
   * count. The viewer is the signed-in uid, else the browser's `viewerId`, and then at most
   * MAX_ANONYMOUS_VIEWS_PER_ADDRESS views count per client `address` (when known). Returns the view count.
   */
  async recordView(
    caller: User | undefined,
    id: string,
    viewerId: string,
    grant: Grant,
    address?: string,
  ): Promise<number> {
    const video = await this.deps.videos.readable(caller, id, grant);
    if (caller?.uid === video.userId) return video.viewCount;
    const attributed = caller ? undefined : await this.deps.gates?.attribution(id, grant, viewerId);
    const viewerKey = caller ? `user:${caller.uid}` : (attributed?.viewerKey ?? `anon:${viewerId}`);
    const from =
      !caller && address ? { address: addressDigest(id, address), max: MAX_ANONYMOUS_VIEWS_PER_ADDRESS } : undefined;
    const count = await repository.recordView(this.deps.db, id, viewerKey, from);
    if (count === undefined) throw new AppError('not_found', `No video ${id}`);
    if (isViewMilestone(count))
      this.deps.hooks?.emitSoon({
        event: 'view.milestone',
        video: { id: video.id, userId: video.userId, teamId: video.teamId, title: video.title },
        data: { views: count },
        onceKey: `views:${count}`,
      });
    return count;
  }
}

/** The address as stored with a view: a digest per video, so the table does not list who watched what by address. */
function addressDigest(videoId: string, address: string): string {
  return createHash('sha256').update(`${videoId}\n${address}`).digest('base64url').slice(0, 22);
}

/** Whether a link's new expiry (null: never) ends it sooner than its old one (undefined: never). */
function expiresEarlier(after: Date | null, before: Date | undefined): boolean {
  return after !== null && (before === undefined || after.getTime() < before.getTime());
}

/** The expiry a share call leaves: unset keeps the link's (none for a video without a link), 0 is never. */
function linkExpiry(expireAfterSeconds: number | undefined, video: StoredVideo): Date | null {
  if (expireAfterSeconds === undefined) return video.shareToken ? (video.shareExpiresAt ?? null) : null;
  return expireAfterSeconds === 0 ? null : new Date(Date.now() + expireAfterSeconds * 1000);
}

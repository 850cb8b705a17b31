import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import { videoRepository as repository, toVideo, type StoredVideo, type VideoService } from '../videos';
import type { VideoVisibility } from '../videos';
import { ownsIt, publishRevocation, type Grant } from '../access';
import type { RateLimitCounter } from '../platform/rate-limits/rate-limit-counter';
import { AppError } from '../platform/app-error';
import type { WebhookService } from '../webhooks';
import * as links from './share-link.repository';
import { MAIN_LINK_ID } from './share-link.repository';
import { isGated, type ShareLinkGates } from './share-link-gates';
import { gateEmail, linkName, linkPassword } from './share-link.validation';
import { hashLinkPassword, linkPasswordMatches } from './link-password';
import type { LinkPasses } from './link-pass';
import { LinkUnlockTries } from './link-unlock-tries';
import { recordView } from './share-views';

export { MAX_ANONYMOUS_VIEWS_PER_ADDRESS } from './share-views';
export { MAX_UNLOCKS_PER_ADDRESS, MAX_WRONG_PER_LINK } from './link-unlock-tries';

export interface SharingServiceDeps {
  db: Kysely<Database>;
  videos: VideoService;
  gates: ShareLinkGates;
  passes: LinkPasses;
  rateLimits: RateLimitCounter;
  /** view.milestone webhooks. */
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

/** A link as its owner sees it. */
export interface ShareLinkView {
  /** MAIN_LINK_ID, or the named link's id. */
  id: string;
  videoId: string;
  /** '' for the main link. */
  name: string;
  token: string;
  hasPassword: boolean;
  emailGate: boolean;
  viewCount: number;
  /** The main link's expiry; undefined when it never expires (and for named links). */
  expiresAt?: Date;
}

const notAvailable = () => new AppError('not_found', 'This video is not available');
const noLink = (linkId: string) => new AppError('not_found', `No link ${linkId} on this video`);
const newToken = () => randomBytes(18).toString('base64url');

/**
 * A video's share links, all rows of share_links: the main one (ShareVideo's, listed as "main",
 * with an optional expiry) and named ones (one per recipient), each with an optional password and
 * email gate; unlocking the gates; opening a video by a link; and counting views.
 */
export class SharingService {
  private readonly unlockTries: LinkUnlockTries;

  constructor(private readonly deps: SharingServiceDeps) {
    this.unlockTries = new LinkUnlockTries(deps.rateLimits);
  }

  /**
   * Owner only: the video's main link, minted or replaced as asked; a PRIVATE video becomes SHARED
   * unless `keepVisibility` (a recording's link at Stop: the owner's default visibility holds).
   * Replacing the link, or moving its expiry earlier, revokes the signed URLs handed out so far
   * (their holders may have had them through the old link, or until the old expiry).
   */
  async share(user: User, id: string, options: ShareOptions): Promise<SharedLink> {
    const video = await this.deps.videos.owned(user, id);
    const shareToken = options.newLink || !video.shareToken ? newToken() : video.shareToken;
    const expiresAt = linkExpiry(options.expireAfterSeconds, video);
    const visibility = video.visibility === 'PRIVATE' && !options.keepVisibility ? 'SHARED' : video.visibility;
    const revokeLinks =
      video.shareToken !== undefined && (options.newLink || expiresEarlier(expiresAt, video.shareExpiresAt));
    const row = await this.deps.db.transaction().execute(async (trx) => {
      // The video first: its row lock orders this against a concurrent delete, and a gone video saves no link.
      if (!(await repository.updateVideo(trx, id, { visibility }, { revokeLinks }))) return undefined;
      await links.saveMainLink(trx, { id: randomUUID(), video_id: id, token: shareToken, expires_at: expiresAt });
      return repository.findVideo(trx, id);
    });
    if (!row) throw new AppError('not_found', `No video ${id}`);
    if (revokeLinks) await this.revoked(id);
    return { video: toVideo(row), shareToken, expiresAt: expiresAt ?? undefined, visibility };
  }

  /**
   * The video a working link (the main one or a named one) names, for anyone holding it (signed in
   * or not); not_found for an unknown, reset, revoked, expired or PRIVATE link, alike. A link with a
   * password or an email gate is permission_denied (nothing of the video) until `passes` holds a
   * pass through it, except for the video's owner.
   */
  async getShared(caller: User | undefined, shareToken: string, passes: readonly string[] = []): Promise<StoredVideo> {
    const link = await this.deps.gates.find(shareToken);
    if (!link?.works) throw notAvailable();
    if (!ownsIt(caller, { userId: link.ownerUid }) && this.deps.gates.passed(link, passes) === undefined)
      throw new AppError('permission_denied', 'This link asks for a password or your email first');
    return this.deps.videos.get(caller, link.videoId, { shareToken, passes });
  }

  /** The owner's working links of a video: the main one (when shared) first, then the named ones oldest first. */
  async list(user: User, videoId: string): Promise<ShareLinkView[]> {
    await this.deps.videos.owned(user, videoId);
    const rows = await links.listLinks(this.deps.db, videoId);
    return rows.map((row) => ({
      id: row.is_main ? MAIN_LINK_ID : row.id,
      videoId,
      name: row.name,
      token: row.token,
      hasPassword: row.password_hash !== null,
      emailGate: row.email_gate,
      viewCount: Number(row.views),
      ...(row.expires_at ? { expiresAt: row.expires_at } : {}),
    }));
  }

  /** A named link; a PRIVATE video becomes SHARED (as ShareVideo makes it). */
  async create(
    user: User,
    videoId: string,
    input: { name: string; password: string; emailGate: boolean },
  ): Promise<ShareLinkView> {
    const name = linkName(input.name);
    const secret = linkPassword(input.password);
    const video = await this.deps.videos.owned(user, videoId);
    if (video.visibility === 'TEAM')
      throw new AppError('failed_precondition', 'A TEAM video opens to its team only: named links would not play');
    const row = {
      id: randomUUID(),
      video_id: videoId,
      token: newToken(),
      name,
      password_hash: secret ? await hashLinkPassword(secret) : null,
      email_gate: input.emailGate,
    };
    await links.insertNamedLink(this.deps.db, row);
    if (video.visibility === 'PRIVATE') await repository.updateVideo(this.deps.db, videoId, { visibility: 'SHARED' });
    return {
      id: row.id,
      videoId,
      name,
      token: row.token,
      hasPassword: row.password_hash !== null,
      emailGate: row.email_gate,
      viewCount: 0,
    };
  }

  /**
   * Sets or clears a link's password (undefined: kept) and email gate. A new password revokes the
   * stream URLs handed out so far: they were handed to people who never gave it.
   */
  async update(
    user: User,
    videoId: string,
    linkId: string,
    changes: { password?: string; emailGate?: boolean },
  ): Promise<ShareLinkView> {
    const secret = changes.password === undefined ? undefined : linkPassword(changes.password);
    await this.deps.videos.owned(user, videoId);
    const hash = secret === undefined ? undefined : secret ? await hashLinkPassword(secret) : null;
    const changed = await links.updateLink(this.deps.db, videoId, linkId, {
      ...(hash !== undefined ? { password_hash: hash } : {}),
      ...(changes.emailGate !== undefined ? { email_gate: changes.emailGate } : {}),
    });
    if (!changed && linkId === MAIN_LINK_ID)
      throw new AppError('failed_precondition', 'The video has no link yet: share it first');
    if (!changed) throw noLink(linkId);
    if (typeof hash === 'string') {
      await repository.updateVideo(this.deps.db, videoId, {}, { revokeLinks: true });
      this.deps.videos.linksRevoked(videoId);
    }
    // A gate set or cleared changes who may watch: open live streams look again.
    await publishRevocation(this.deps.db, { kind: 'video', id: videoId });
    const view = (await this.list(user, videoId)).find((link) => link.id === linkId);
    if (!view) throw noLink(linkId);
    return view;
  }

  /** A named link stops working; the stream URLs handed out so far are revoked with it. */
  async revoke(user: User, videoId: string, linkId: string): Promise<void> {
    if (linkId === MAIN_LINK_ID)
      throw new AppError('invalid_argument', 'The main link is reset with ShareVideo (new_link), not revoked');
    await this.deps.videos.owned(user, videoId);
    if (!(await links.updateLink(this.deps.db, videoId, linkId, { revoked_at: new Date() }))) throw noLink(linkId);
    await repository.updateVideo(this.deps.db, videoId, {}, { revokeLinks: true });
    await this.revoked(videoId);
  }

  /** What a link asks before it plays, and whether `passes` got through already; nothing of the video. */
  async gate(token: string, passes: readonly string[]) {
    const link = await this.deps.gates.find(token);
    if (!link?.works) throw notAvailable();
    return {
      passwordRequired: link.passwordHash !== null,
      emailRequired: link.emailGate,
      unlocked: this.deps.gates.passed(link, passes) !== undefined,
    };
  }

  /**
   * A pass through a link's gate for the right password and/or a valid email (kept for the
   * video's insights). Tries are bounded per client address before anything is checked, wrong
   * passwords per link after (LinkUnlockTries says why in that order); a bad email is refused
   * before it counts. The pass lasts `ttlSeconds` (12 hours unless said).
   */
  async unlock(
    token: string,
    input: { password: string; email: string },
    address?: string,
    ttlSeconds?: number,
  ): Promise<string> {
    const link = await this.deps.gates.find(token);
    if (!link?.works) throw notAvailable();
    if (!isGated(link)) return this.deps.passes.issue(link, '', ttlSeconds);
    const email = link.emailGate ? gateEmail(input.email) : '';
    const hash = link.passwordHash;
    if (hash !== null && !input.password) throw new AppError('invalid_argument', 'This link asks for a password');
    const given = hash !== null ? linkPassword(input.password) : '';
    const refusal = await this.unlockTries.take(token, address, hash !== null);
    if (refusal === 'address')
      throw new AppError('resource_exhausted', 'Too many tries: wait a few minutes and try again');
    if (refusal === 'link')
      throw new AppError(
        'resource_exhausted',
        'Too many wrong passwords on this link: wait a few minutes and try again',
      );
    if (hash !== null && !(await linkPasswordMatches(given, hash))) {
      await this.unlockTries.wrong(token, address);
      throw new AppError('permission_denied', 'That password is not right');
    }
    if (email) await links.rememberGateEmail(this.deps.db, link.videoId, email, link.id);
    return this.deps.passes.issue(link, email, ttlSeconds);
  }

  /** A view of a video the caller may read (see share-views.ts); returns the view count. */
  recordView(caller: User | undefined, id: string, viewerId: string, grant: Grant, address?: string): Promise<number> {
    return recordView(this.deps, caller, id, viewerId, grant, address);
  }

  /** After a revocation of `videoId`'s signed URLs committed: this process forgets them, the others hear of it. */
  private async revoked(videoId: string): Promise<void> {
    this.deps.videos.linksRevoked(videoId);
    await publishRevocation(this.deps.db, { kind: 'video', id: videoId });
  }
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

import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { displayTextProblem } from '@stream/proto';
import type { User } from '../platform/auth/user';
import type { CallToActionPlacement } from '../videos';
import type { Database } from '../platform/db/schema';
import { videoRepository as repository } from '../videos';
import * as links from './share-link.repository';
import { hashLinkPassword, linkPasswordMatches } from './link-password';
import type { LinkPasses } from './link-pass';
import { LinkUnlockTries } from './link-unlock-tries';
import { PersonRateLimit } from '../platform/rate-limits/person-rate-limit';
import type { Grant } from '../access';
import type { RateLimitCounter } from '../platform/rate-limits/rate-limit-counter';
import { isGated, MAIN_LINK_ID, type ShareLinkGates } from './share-link-gates';
import { AppError } from '../platform/app-error';
import type { CallToAction } from '../videos';
import type { VideoService } from '../videos';
import { publishRevocation } from '../access';

export const MAX_LINK_NAME_LENGTH = 100;
export const MAX_LINK_PASSWORD_LENGTH = 200;
export const MAX_CTA_LABEL_LENGTH = 60;
export const MAX_CTA_URL_LENGTH = 2000;
export { MAX_UNLOCKS_PER_ADDRESS, MAX_WRONG_PER_LINK } from './link-unlock-tries';

/** A link as its owner sees it. */
export interface ShareLinkView {
  id: string;
  videoId: string;
  name: string;
  token: string;
  hasPassword: boolean;
  emailGate: boolean;
  viewCount: number;
  /** The main link's expiry; undefined when it never expires (and for named links). */
  expiresAt?: Date;
}

export interface ShareLinkServiceDeps {
  db: Kysely<Database>;
  videos: VideoService;
  gates: ShareLinkGates;
  passes: LinkPasses;
  rateLimits: RateLimitCounter;
}

const notAvailable = () => new AppError('not_found', 'This video is not available');
const invalid = (message: string) => new AppError('invalid_argument', message);
// Control characters and anything HTML would read as markup: an address never has them.
const EMAIL = /^[^\s@<>()[\]\\,;:"'`&\p{Cc}]{1,64}@[^\s@<>()[\]\\,;:"'`&\p{Cc}_]+\.[A-Za-z]{2,63}$/u;

/** An email an email gate takes: trimmed, lowercased, at most 254 characters, shaped like an address. */
export function gateEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!email) throw invalid('This link asks for your email address');
  if (email.length > 254 || !EMAIL.test(email)) throw invalid('That email address isn’t correct');
  return email;
}

/** A call to action's URL: absolute http or https (never javascript:, data: and the like). */
export function callToActionUrl(value: string): string {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('The button’s link must be a full http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid('The button’s link must be a full http:// or https:// address');
  if (text.length > MAX_CTA_URL_LENGTH)
    throw invalid(`The button’s link is longer than ${MAX_CTA_URL_LENGTH} characters`);
  return url.href;
}

function linkName(value: string): string {
  const name = value.trim();
  if (!name) throw invalid('A named link needs a name (who it is for)');
  if ([...name].length > MAX_LINK_NAME_LENGTH)
    throw invalid(`A link's name is at most ${MAX_LINK_NAME_LENGTH} characters`);
  const problem = displayTextProblem(name);
  if (problem) throw invalid(`A link’s name ${problem}`);
  return name;
}

function password(value: string): string {
  if ([...value].length > MAX_LINK_PASSWORD_LENGTH)
    throw invalid(`A link's password is at most ${MAX_LINK_PASSWORD_LENGTH} characters`);
  return value;
}

/**
 * Issue 28, item 6: the owner's share links (the main one and named ones, with their password and
 * email gates), the gates' unlocking, and the video's call to action with its clicks.
 */
export class ShareLinkService {
  private readonly unlockTries: LinkUnlockTries;
  private readonly clicks: PersonRateLimit;

  constructor(private readonly deps: ShareLinkServiceDeps) {
    this.unlockTries = new LinkUnlockTries(deps.rateLimits);
    this.clicks = new PersonRateLimit('cta-click', 30, 3_600_000, deps.rateLimits);
  }

  async list(user: User, videoId: string): Promise<ShareLinkView[]> {
    const video = await this.deps.videos.owned(user, videoId);
    const named = await links.listNamedLinks(this.deps.db, videoId);
    return [
      ...(video.shareToken
        ? [
            {
              id: MAIN_LINK_ID,
              videoId,
              name: '',
              token: video.shareToken,
              hasPassword: video.sharePasswordHash !== undefined,
              emailGate: video.shareEmailGate,
              viewCount: 0,
              ...(video.shareExpiresAt ? { expiresAt: video.shareExpiresAt } : {}),
            },
          ]
        : []),
      ...named.map((row) => ({
        id: row.id,
        videoId,
        name: row.name,
        token: row.token,
        hasPassword: row.password_hash !== null,
        emailGate: row.email_gate,
        viewCount: Number(row.views),
      })),
    ];
  }

  /** A named link; a PRIVATE video becomes SHARED (as ShareVideo makes it). */
  async create(
    user: User,
    videoId: string,
    input: { name: string; password: string; emailGate: boolean },
  ): Promise<ShareLinkView> {
    const name = linkName(input.name);
    const secret = password(input.password);
    const video = await this.deps.videos.owned(user, videoId);
    if (video.visibility === 'TEAM')
      throw new AppError('failed_precondition', 'A TEAM video opens to its team only: named links would not play');
    const row = {
      id: randomUUID(),
      video_id: videoId,
      token: randomBytes(18).toString('base64url'),
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
    const secret = changes.password === undefined ? undefined : password(changes.password);
    const video = await this.deps.videos.owned(user, videoId);
    const hash = secret === undefined ? undefined : secret ? await hashLinkPassword(secret) : null;
    const revokeLinks = typeof hash === 'string';
    if (linkId === MAIN_LINK_ID) {
      if (!video.shareToken) throw new AppError('failed_precondition', 'The video has no link yet: share it first');
      await repository.updateVideo(
        this.deps.db,
        videoId,
        {
          ...(hash !== undefined ? { share_password_hash: hash } : {}),
          ...(changes.emailGate !== undefined ? { share_email_gate: changes.emailGate } : {}),
        },
        { revokeLinks },
      );
    } else {
      const changed = await links.updateNamedLink(this.deps.db, videoId, linkId, {
        ...(hash !== undefined ? { password_hash: hash } : {}),
        ...(changes.emailGate !== undefined ? { email_gate: changes.emailGate } : {}),
      });
      if (!changed) throw new AppError('not_found', `No link ${linkId} on this video`);
      if (revokeLinks) await repository.updateVideo(this.deps.db, videoId, {}, { revokeLinks });
    }
    if (revokeLinks) this.deps.videos.linksRevoked(videoId);
    await publishRevocation(this.deps.db, { kind: 'video', id: videoId });
    const view = (await this.list(user, videoId)).find((link) => link.id === linkId);
    if (!view) throw new AppError('not_found', `No link ${linkId} on this video`);
    return view;
  }

  /** A named link stops working; the stream URLs handed out so far are revoked with it. */
  async revoke(user: User, videoId: string, linkId: string): Promise<void> {
    if (linkId === MAIN_LINK_ID) throw invalid('The main link is reset with ShareVideo (new_link), not revoked');
    await this.deps.videos.owned(user, videoId);
    if (!(await links.updateNamedLink(this.deps.db, videoId, linkId, { revoked_at: new Date() })))
      throw new AppError('not_found', `No link ${linkId} on this video`);
    await repository.updateVideo(this.deps.db, videoId, {}, { revokeLinks: true });
    this.deps.videos.linksRevoked(videoId);
    await publishRevocation(this.deps.db, { kind: 'video', id: videoId });
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
    if (hash !== null && !input.password) throw invalid('This link asks for a password');
    const given = hash !== null ? password(input.password) : '';
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

  /** Sets the video's call to action; undefined (or an empty label) clears it. */
  async setCallToAction(
    user: User,
    videoId: string,
    input: CallToAction | undefined,
  ): Promise<CallToAction | undefined> {
    const label = input?.label.trim() ?? '';
    const cta = label
      ? {
          label,
          url: callToActionUrl(input!.url),
          placement: (input!.placement === 'THROUGHOUT' ? 'THROUGHOUT' : 'END') as CallToActionPlacement,
        }
      : undefined;
    if (cta && [...label].length > MAX_CTA_LABEL_LENGTH)
      throw invalid(`The button’s label is at most ${MAX_CTA_LABEL_LENGTH} characters`);
    if (cta && /\p{Cc}/u.test(label)) throw invalid('The button’s label cannot hold control characters');
    await this.deps.videos.owned(user, videoId);
    await repository.updateVideo(this.deps.db, videoId, {
      cta_label: cta?.label ?? null,
      cta_url: cta?.url ?? null,
      cta_placement: cta?.placement ?? null,
    });
    return cta;
  }

  /** A click on the call to action of a video the caller may see; the owner's are not counted. */
  async recordClick(caller: User | undefined, videoId: string, viewerId: string, grant: Grant): Promise<void> {
    const video = await this.deps.videos.readable(caller, videoId, grant);
    if (!video.callToAction) throw new AppError('failed_precondition', 'This video has no call to action');
    if (caller?.uid === video.userId) return;
    if (!(await this.clicks.take(`${videoId}:${caller ? `user:${caller.uid}` : `anon:${viewerId}`}`)))
      throw new AppError('resource_exhausted', 'Too many clicks in a short time');
    await links.addCallToActionClick(this.deps.db, videoId);
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { findVideoByShareToken } from '../videos';
import { findNamedLinkByToken } from './share-link.repository';
import type { LinkPasses } from './link-pass';
import { linkWorks, sameToken, type Grant } from '../access';
import { toVideo, type StoredVideo } from '../videos';

/** The video's main link (ShareVideo's) is listed and changed under this id. */
export const MAIN_LINK_ID = 'main';

const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

/** A share link found by its token: the main link or a named one, with its gate. */
export interface FoundLink {
  /** MAIN_LINK_ID, or the named link's id. */
  id: string;
  videoId: string;
  ownerUid: string;
  token: string;
  /** '' for the main link. */
  name: string;
  passwordHash: string | null;
  emailGate: boolean;
  /** Whether it opens the video now (not expired; the video neither PRIVATE nor, for a named link, TEAM). */
  works: boolean;
}

/** Who a signed-out viewer is, known through the link they came by. */
export interface Attribution {
  /** Their viewer key for views and playback (one per recipient and browser, or per email). */
  viewerKey: string;
  /** How insights name them: "Dana (link)", "dana@example.com (email)". */
  label: string;
}

/** Whether a link asks anything before it plays. */
export const isGated = (link: { passwordHash: string | null; emailGate: boolean }) =>
  link.passwordHash !== null || link.emailGate;

/**
 * Issue 28: share links' gates. A link with a password or an email gate grants nothing until the
 * caller presents a pass LinkPasses issued for it (after UnlockShareLink); a named link grants what
 * the main link does. Every path that takes a share token (RPCs, watch pages, the stream route)
 * goes through VideoService's access check, which asks `grantFor`.
 */
export class ShareLinkGates {
  constructor(private readonly deps: { db: Kysely<Database>; passes: LinkPasses }) {}

  async find(token: string): Promise<FoundLink | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const row = await findVideoByShareToken(this.deps.db, token);
    if (row) {
      const video = toVideo(row);
      return { ...mainLink(video, token), works: linkWorks(video) };
    }
    const named = await findNamedLinkByToken(this.deps.db, token);
    if (!named) return undefined;
    return {
      id: named.id,
      videoId: named.video_id,
      ownerUid: named.user_id,
      token: named.token,
      name: named.name,
      passwordHash: named.password_hash,
      emailGate: named.email_gate,
      works: named.visibility === 'SHARED' || named.visibility === 'PUBLIC',
    };
  }

  /** The email a caller's pass carries ('' for none) when it opens `link`'s gate (or it has none); else undefined. */
  passed(
    link: Pick<FoundLink, 'token' | 'passwordHash' | 'emailGate'>,
    passes: readonly string[] = [],
  ): string | undefined {
    if (!isGated(link)) return '';
    const email = this.deps.passes.check(link, passes);
    return link.emailGate && !email ? undefined : email;
  }

  /** What `grant`'s share token opens of `video`: nothing through a closed gate; a named link's passage. */
  async grantFor(video: StoredVideo, grant: Grant): Promise<Grant> {
    const token = grant.shareToken;
    if (!token) return grant;
    if (sameToken(token, video.shareToken)) {
      return this.passed(mainLink(video, token), grant.passes) === undefined
        ? { ...grant, shareToken: undefined }
        : grant;
    }
    const named = await this.find(token);
    if (!named || named.id === MAIN_LINK_ID || named.videoId !== video.id) return grant;
    const opened = this.passed(named, grant.passes) !== undefined;
    return { ...grant, shareToken: undefined, namedLink: opened };
  }

  /**
   * Who a signed-out viewer holding `grant` is: the email their pass carries, else the named
   * link's recipient; undefined for the main link without an email gate (an anonymous viewer).
   */
  async attribution(videoId: string, grant: Grant, viewerId: string): Promise<Attribution | undefined> {
    if (!grant.shareToken) return undefined;
    const link = await this.find(grant.shareToken);
    if (!link || link.videoId !== videoId) return undefined;
    const email = this.passed(link, grant.passes);
    if (email) return { viewerKey: `email:${email}`, label: `${email} (email)` };
    if (link.id === MAIN_LINK_ID || email === undefined) return undefined;
    return { viewerKey: `link:${link.id}:${viewerId}`, label: `${link.name} (link)` };
  }
}

function mainLink(video: StoredVideo, token: string): Omit<FoundLink, 'works'> {
  return {
    id: MAIN_LINK_ID,
    videoId: video.id,
    ownerUid: video.userId,
    token,
    name: '',
    passwordHash: video.sharePasswordHash ?? null,
    emailGate: video.shareEmailGate,
  };
}

/** The person insights group a labelled viewer under: a named link's recipient is one person whatever browser. */
export function attributedPerson(viewerKey: string): string {
  const link = /^link:([^:]+):/.exec(viewerKey);
  return link ? `link:${link[1]}` : viewerKey;
}

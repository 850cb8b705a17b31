import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { findLinkByToken, MAIN_LINK_ID } from './share-link.repository';
import type { LinkPasses } from './link-pass';
import { linkWorks, sameToken, type Grant } from '../access';
import type { StoredVideo } from '../videos';

export { MAIN_LINK_ID } from './share-link.repository';

const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

/** A share link found by its token: the main link or a named one, with its gate. */
export interface FoundLink {
  /** MAIN_LINK_ID, or the named link's id. */
  id: string;
  isMain: boolean;
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
 * Share links' gates. A link with a password or an email gate grants nothing until the caller
 * presents a pass LinkPasses issued for it (after UnlockShareLink); a named link grants what the
 * main link does. Every path that takes a share token (RPCs, watch pages, the stream route) goes
 * through VideoService's access check, which asks `grantFor`.
 */
export class ShareLinkGates {
  constructor(private readonly deps: { db: Kysely<Database>; passes: LinkPasses }) {}

  async find(token: string): Promise<FoundLink | undefined> {
    if (!TOKEN.test(token)) return undefined;
    const row = await findLinkByToken(this.deps.db, token);
    if (!row) return undefined;
    const facts = { userId: row.user_id, visibility: row.visibility };
    return {
      id: row.is_main ? MAIN_LINK_ID : row.id,
      isMain: row.is_main,
      videoId: row.video_id,
      ownerUid: row.user_id,
      token: row.token,
      name: row.name,
      passwordHash: row.password_hash,
      emailGate: row.email_gate,
      // The main link follows the video's visibility as the policy says; a named link opens a SHARED
      // or PUBLIC video. Either ends at its expiry: one model, one column, whichever link it is.
      works: row.is_main
        ? linkWorks({ ...facts, shareToken: row.token, shareExpiresAt: row.expires_at ?? undefined })
        : (row.visibility === 'SHARED' || row.visibility === 'PUBLIC') &&
          (row.expires_at === null || row.expires_at > new Date()),
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
      return this.passed(mainGate(video, token), grant.passes) === undefined
        ? { ...grant, shareToken: undefined }
        : grant;
    }
    const named = await this.find(token);
    if (!named || named.isMain || named.videoId !== video.id) return grant;
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
    if (link.isMain || email === undefined) return undefined;
    return { viewerKey: `link:${link.id}:${viewerId}`, label: `${link.name} (link)` };
  }
}

/** The main link's gate as the video (read with its main link) carries it. */
const mainGate = (video: StoredVideo, token: string) => ({
  token,
  passwordHash: video.sharePasswordHash ?? null,
  emailGate: video.shareEmailGate,
});

/** The person insights group a labelled viewer under: a named link's recipient is one person whatever browser. */
export function attributedPerson(viewerKey: string): string {
  const link = /^link:([^:]+):/.exec(viewerKey);
  return link ? `link:${link[1]}` : viewerKey;
}

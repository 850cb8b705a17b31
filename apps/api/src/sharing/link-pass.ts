import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an unlocked link stays unlocked in one browser. */
export const LINK_PASS_TTL_SECONDS = 12 * 3600;
/**
 * How long the grant of an embed on another site lasts: its frame keeps it in memory only (no
 * third-party cookie), so a reload asks again; the player's signed URLs outlive it by their own TTL.
 */
export const EMBED_GRANT_TTL_SECONDS = 2 * 3600;

/** What a share link's gate checks a pass against: the link's token and its current password hash. */
export interface GatedLink {
  token: string;
  passwordHash: string | null;
}

/**
 * Passes through a share link's gate: after the right password (or an email), the caller holds
 * `expires.email.mac`, an HMAC of the link's token, its password hash, the expiry and the email.
 * A new password (or a reset link) changes what is signed, so every pass handed out before stops.
 */
export class LinkPasses {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    // Its own key, so a pass can never be mistaken for a signed stream URL or the other way round.
    this.key = createHmac('sha256', secret).update('share-link-pass').digest();
  }

  issue(link: GatedLink, email = '', ttlSeconds = LINK_PASS_TTL_SECONDS): string {
    const expires = Math.floor(this.now() / 1000) + ttlSeconds;
    const encoded = Buffer.from(email).toString('base64url');
    return `${expires}.${encoded}.${this.mac(link, expires, email)}`;
  }

  /** The email a valid pass for `link` carries ('' for none); undefined when none of `passes` is valid. */
  check(link: GatedLink, passes: readonly string[]): string | undefined {
    for (const pass of passes) {
      const [expires, encoded, mac] = pass.split('.');
      if (!expires || encoded === undefined || !mac || !/^\d{1,12}$/.test(expires)) continue;
      if (Number(expires) * 1000 < this.now()) continue;
      const email = Buffer.from(encoded, 'base64url').toString();
      const expected = Buffer.from(this.mac(link, Number(expires), email));
      const given = Buffer.from(mac);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return email;
    }
    return undefined;
  }

  private mac(link: GatedLink, expires: number, email: string): string {
    return createHmac('sha256', this.key)
      .update(`${link.token}\n${link.passwordHash ?? ''}\n${expires}\n${email}`)
      .digest('base64url');
  }
}

import { createHash } from 'node:crypto';
import { LINK_PASS_TTL_SECONDS } from './link-pass';

/** Header a client without cookies sends a share link's pass in (UnlockShareLink's answer). */
export const SHARE_PASS_HEADER = 'x-share-pass';
const COOKIE_PREFIX = 'stream_pass_';

/** The passes a request presents: the header's, and every pass cookie (one per unlocked link). */
export function passesOf(cookieHeader: string | null | undefined, passHeader: string | null | undefined): string[] {
  const passes = passHeader ? [passHeader] : [];
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name?.startsWith(COOKIE_PREFIX) && value && passes.length < 20) passes.push(value);
  }
  return passes;
}

/**
 * The Set-Cookie that keeps a link's pass in the browser: HttpOnly (no script reads it), SameSite
 * Lax, for every path (the RPCs, the watch page and the stream route all read it), named per link
 * so several unlocked links live side by side.
 */
export function passCookie(token: string, pass: string, secure: boolean): string {
  const name = `${COOKIE_PREFIX}${createHash('sha256').update(token).digest('base64url').slice(0, 12)}`;
  return `${name}=${pass}; Path=/; Max-Age=${LINK_PASS_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

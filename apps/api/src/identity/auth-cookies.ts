import type { FastifyReply, FastifyRequest } from 'fastify';

/** The refresh token's cookie: sent only to the session routes, never readable by scripts. */
export const REFRESH_COOKIE = 'stream_session';
export const REFRESH_COOKIE_PATH = '/api/auth/session';
/**
 * Beside the refresh cookie, for the app's scripts (it holds no secret): this browser holds a
 * Stream session worth refreshing. Without it the app asks nothing and follows Firebase, so a
 * Firebase person's every page load is not an extra refresh answered 401.
 */
export const SESSION_HINT_COOKIE = 'stream_has_session';
/** The state of a sign-in under way, binding its callback to the browser that started it. */
export const SIGN_IN_COOKIE = 'stream_oidc_state';
export const SIGN_IN_COOKIE_PATH = '/api/auth/oidc';
/** The same for a SAML sign-in, whose response comes back as a POST (identity/saml.routes.ts). */
export const SAML_SIGN_IN_COOKIE = 'stream_saml_state';
export const SAML_SIGN_IN_COOKIE_PATH = '/api/auth/saml';

/** The value of cookie `name` in the request, if sent once with a plain value. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9._~-]{1,512}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * Sets (or, with `maxAgeSeconds` 0, clears) a cookie. `Secure` whenever the public origin is
 * https; `SameSite=Strict` for the refresh token (only the app's own pages POST to refresh or
 * log out), `Lax` for the sign-in's state, which must come back on the provider's redirect
 * (`None` for SAML's on https: the IdP's form POSTs it back from another site).
 */
export function setCookie(
  reply: FastifyReply,
  cookie: {
    name: string;
    value: string;
    path: string;
    maxAgeSeconds: number;
    secure: boolean;
    sameSite: 'Strict' | 'Lax' | 'None';
    /** Readable by the page's scripts: only for a cookie that holds no secret. */
    readable?: boolean;
  },
): void {
  const parts = [
    `${cookie.name}=${cookie.value}`,
    `Path=${cookie.path}`,
    `Max-Age=${cookie.maxAgeSeconds}`,
    ...(cookie.readable ? [] : ['HttpOnly']),
    `SameSite=${cookie.sameSite}`,
    ...(cookie.secure ? ['Secure'] : []),
  ];
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  reply.header('set-cookie', [...list, parts.join('; ')]);
}

/**
 * Sets the refresh token's cookie and its hint for `maxAgeSeconds`, or clears both (no token).
 * The hint lives as long as the refresh token, so it goes whenever the session can go no further.
 */
export function setSessionCookies(
  reply: FastifyReply,
  session: { refreshToken?: string; maxAgeSeconds: number; secure: boolean },
): void {
  const maxAgeSeconds = session.refreshToken ? Math.max(0, session.maxAgeSeconds) : 0;
  const { secure } = session;
  const value = session.refreshToken ?? '';
  setCookie(reply, {
    name: REFRESH_COOKIE,
    value,
    path: REFRESH_COOKIE_PATH,
    maxAgeSeconds,
    secure,
    sameSite: 'Strict',
  });
  const hint = { value: value ? '1' : '', path: '/', sameSite: 'Lax' as const, readable: true };
  setCookie(reply, { name: SESSION_HINT_COOKIE, ...hint, maxAgeSeconds, secure });
}

/**
 * `next` as a path of this origin to land on after signing in, or undefined for anything that
 * could leave it (`//host`, `/\host`, a scheme, control characters).
 */
export function sameOriginPath(next: string | undefined): string | undefined {
  if (next === undefined || next === '') return '/';
  if (next.length > 2000 || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  if ([...next].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) return undefined;
  const parsed = new URL(next, 'http://stream.invalid');
  if (parsed.origin !== 'http://stream.invalid') return undefined;
  return parsed.pathname + parsed.search + parsed.hash;
}

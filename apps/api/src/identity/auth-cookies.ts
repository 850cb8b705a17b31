import type { FastifyReply, FastifyRequest } from 'fastify';

/** The refresh token's cookie: sent only to the session routes, never readable by scripts. */
export const REFRESH_COOKIE = 'stream_session';
export const REFRESH_COOKIE_PATH = '/api/auth/session';
/** The state of a sign-in under way, binding its callback to the browser that started it. */
export const SIGN_IN_COOKIE = 'stream_oidc_state';
export const SIGN_IN_COOKIE_PATH = '/api/auth/oidc';

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
 * log out), `Lax` for the sign-in's state, which must come back on the provider's redirect.
 */
export function setCookie(
  reply: FastifyReply,
  cookie: {
    name: string;
    value: string;
    path: string;
    maxAgeSeconds: number;
    secure: boolean;
    sameSite: 'Strict' | 'Lax';
  },
): void {
  const parts = [
    `${cookie.name}=${cookie.value}`,
    `Path=${cookie.path}`,
    `Max-Age=${cookie.maxAgeSeconds}`,
    'HttpOnly',
    `SameSite=${cookie.sameSite}`,
    ...(cookie.secure ? ['Secure'] : []),
  ];
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  reply.header('set-cookie', [...list, parts.join('; ')]);
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

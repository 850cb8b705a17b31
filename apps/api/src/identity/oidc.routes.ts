import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccountRefusedError } from '../access';
import { escapeHtml } from '../platform/http/html-escape';
import { originOf } from '../platform/http/request-origin';
import {
  cookieOf,
  sameOriginPath,
  setCookie,
  setSessionCookies,
  SIGN_IN_COOKIE,
  SIGN_IN_COOKIE_PATH,
} from './auth-cookies';
import { OidcSignInError } from './oidc-client';
import { SIGN_IN_MINUTES, UNKNOWN_STATE_MESSAGE, type OidcSignIn } from './oidc-sign-in.service';

export const CALLBACK_PATH = '/api/auth/oidc/callback';

/**
 * GET /api/auth/oidc/start?next=/path: to the provider (code + PKCE, state, nonce kept here);
 * GET /api/auth/oidc/callback: back from it, on the public origin (PUBLIC_URL, else the origin
 * the browser reached): the refresh token's cookie is set and the browser lands on `next`, where
 * the app asks /api/auth/session/refresh for its access token. A refusal is a page saying why.
 */
export function registerOidcRoutes(app: FastifyInstance, deps: { signIn: OidcSignIn; publicUrl?: string }) {
  const originFor = (request: FastifyRequest) => deps.publicUrl ?? originOf(request);
  const secure = (request: FastifyRequest) => originFor(request).startsWith('https:');

  app.get<{ Querystring: { next?: string } }>('/api/auth/oidc/start', async (request, reply) => {
    const next = sameOriginPath(typeof request.query.next === 'string' ? request.query.next : undefined);
    if (next === undefined)
      return refusePage(reply, 400, '“next” must be a path on this site, such as /library: sign-in not started');
    let begun: Awaited<ReturnType<OidcSignIn['begin']>>;
    try {
      begun = await deps.signIn.begin(new URL(CALLBACK_PATH, originFor(request)).toString(), next);
    } catch (error) {
      if (error instanceof OidcSignInError) return refusePage(reply, 502, error.message);
      throw error;
    }
    setCookie(reply, {
      name: SIGN_IN_COOKIE,
      value: begun.state,
      path: SIGN_IN_COOKIE_PATH,
      maxAgeSeconds: SIGN_IN_MINUTES * 60,
      secure: secure(request),
      sameSite: 'Lax',
    });
    return reply.header('cache-control', 'no-store').redirect(begun.url.toString(), 302);
  });

  app.get<{ Querystring: Record<string, string | string[] | undefined> }>(CALLBACK_PATH, async (request, reply) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query)) {
      if (typeof value !== 'string') return refusePage(reply, 400, `The callback's “${name}” is given more than once`);
      query.set(name, value);
    }
    const state = query.get('state');
    // The state must also be the one this browser's cookie holds: a callback link someone else
    // started (to sign the victim into the attacker's account) is refused.
    const cookieState = cookieOf(request, SIGN_IN_COOKIE);
    clearSignInCookie(reply, secure(request));
    if (!state) return refusePage(reply, 400, UNKNOWN_STATE_MESSAGE);
    if (cookieState !== state) return refusePage(reply, 400, OTHER_BROWSER_MESSAGE);
    try {
      const { session, nextPath } = await deps.signIn.finish(state, query);
      return landSignedIn(reply, { session, nextPath, secure: secure(request), status: 302 });
    } catch (error) {
      if (error instanceof OidcSignInError) return refusePage(reply, 400, error.message);
      if (error instanceof AccountRefusedError) return refusePage(reply, 403, error.message);
      throw error;
    }
  });
}

function clearSignInCookie(reply: FastifyReply, secure: boolean) {
  setCookie(reply, {
    name: SIGN_IN_COOKIE,
    value: '',
    path: SIGN_IN_COOKIE_PATH,
    maxAgeSeconds: 0,
    secure,
    sameSite: 'Lax',
  });
}

/** A plain page saying why signing in failed, with the way back (SAML's too). */
/** A sign-in's answer (OpenID Connect's callback, SAML's ACS) reached a browser that did not start it. */
export const OTHER_BROWSER_MESSAGE =
  'This sign-in was started in another browser or tab: start again from the sign-in page';

/** A finished sign-in (either protocol): Stream's session cookies, then on to where the person was going. */
export function landSignedIn(
  reply: FastifyReply,
  landing: {
    session: { refreshToken: string; refreshExpiresAt: Date };
    nextPath: string;
    secure: boolean;
    status: 302 | 303;
  },
) {
  setSessionCookies(reply, {
    refreshToken: landing.session.refreshToken,
    maxAgeSeconds: Math.floor((landing.session.refreshExpiresAt.getTime() - Date.now()) / 1000),
    secure: landing.secure,
  });
  return reply.header('cache-control', 'no-store').redirect(landing.nextPath, landing.status);
}

export function refusePage(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><meta charset="utf-8"><title>Sign-in failed</title><h1>Sign-in failed</h1><p>${escapeHtml(message)}</p><p><a href="/sign-in">Back to sign-in</a></p>`,
    );
}

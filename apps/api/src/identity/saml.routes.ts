import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccountRefusedError } from '../access';
import { originOf } from '../platform/http/request-origin';
import { cookieOf, SAML_SIGN_IN_COOKIE, SAML_SIGN_IN_COOKIE_PATH, sameOriginPath, setCookie } from './auth-cookies';
import { landSignedIn, OTHER_BROWSER_MESSAGE, refusePage } from './oidc.routes';
import { SAML_SIGN_IN_MINUTES, UNKNOWN_RELAY_STATE_MESSAGE, type SamlSignIn } from './saml-sign-in.service';
import { SAML_ACS_PATH, SAML_METADATA_PATH, SamlSignInError, type SamlServiceProvider } from './saml-sp';

/** The largest SAML response taken (base64 of a signed assertion with many groups is a few tens of kB). */
const ACS_BODY_LIMIT = 512 * 1024;

/**
 * GET /api/auth/saml/start?next=/path: to the IdP (an AuthnRequest by HTTP-Redirect, RelayState a
 * one-time state kept here); POST /api/auth/saml/callback: the ACS (HTTP-POST binding), on the
 * public origin, where the refresh cookie is set and the browser lands on `next`, as after
 * OpenID Connect; GET /api/auth/saml/metadata: Stream's SP metadata for the IdP (docs/deploy.md).
 * A refusal is a page saying why.
 */
export function registerSamlRoutes(
  app: FastifyInstance,
  deps: { signIn: SamlSignIn; sp: SamlServiceProvider; publicUrl?: string },
) {
  const originFor = (request: FastifyRequest) => deps.publicUrl ?? originOf(request);
  const secure = (request: FastifyRequest) => originFor(request).startsWith('https:');
  // The IdP's form posts from its own site: only SameSite=None comes along, and that needs https.
  const stateCookie = (request: FastifyRequest, value: string, maxAgeSeconds: number) => ({
    name: SAML_SIGN_IN_COOKIE,
    value,
    path: SAML_SIGN_IN_COOKIE_PATH,
    maxAgeSeconds,
    secure: secure(request),
    sameSite: secure(request) ? ('None' as const) : ('Lax' as const),
  });

  app.get(SAML_METADATA_PATH, async (request, reply) =>
    reply.type('application/samlmetadata+xml; charset=utf-8').send(deps.sp.metadata(originFor(request))),
  );

  // `redirect` is the sign-in page's own name for where to go next: taken as `next` too.
  app.get<{ Querystring: { next?: string; redirect?: string } }>('/api/auth/saml/start', async (request, reply) => {
    const asked = request.query.next ?? request.query.redirect;
    const next = sameOriginPath(typeof asked === 'string' ? asked : undefined);
    if (next === undefined)
      return refusePage(reply, 400, '“next” must be a path on this site, such as /library: sign-in not started');
    const begun = await deps.signIn.begin(originFor(request), next);
    setCookie(reply, stateCookie(request, begun.state, SAML_SIGN_IN_MINUTES * 60));
    return reply.header('cache-control', 'no-store').redirect(begun.url, 302);
  });

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    scope.post(SAML_ACS_PATH, async (request, reply) => {
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const samlResponse = form.get('SAMLResponse');
      const state = form.get('RelayState');
      // The state must also be the one this browser's cookie holds: a response someone else got
      // (posted by another site to sign the victim into the attacker's account) is refused.
      const cookieState = cookieOf(request, SAML_SIGN_IN_COOKIE);
      setCookie(reply, stateCookie(request, '', 0));
      if (!samlResponse) return refusePage(reply, 400, 'The identity provider’s answer holds no SAMLResponse');
      if (!state) return refusePage(reply, 400, UNKNOWN_RELAY_STATE_MESSAGE);
      if (cookieState !== state) return refusePage(reply, 400, OTHER_BROWSER_MESSAGE);
      try {
        const { session, nextPath } = await deps.signIn.finish(originFor(request), state, samlResponse);
        return landSignedIn(reply, { session, nextPath, secure: secure(request), status: 303 });
      } catch (error) {
        return refuse(reply, error);
      }
    });
  });
}

function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof SamlSignInError) return refusePage(reply, 400, error.message);
  if (error instanceof AccountRefusedError) return refusePage(reply, 403, error.message);
  throw error;
}

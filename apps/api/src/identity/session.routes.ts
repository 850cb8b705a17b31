import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccountRefusedError } from '../access';
import { originOf } from '../platform/http/request-origin';
import { cookieOf, REFRESH_COOKIE, setSessionCookies } from './auth-cookies';
import type { OidcClient } from './oidc-client';
import { SessionRefusedError, type IssuedSession, type SessionService } from './session.service';

/**
 * POST /api/auth/session/refresh: a new access token (`{ accessToken, expiresAt }`) for the
 * refresh cookie, which is rotated; 401 for none, a revoked, expired or already used one; 403 for
 * a disabled person. POST /api/auth/session/logout: revokes it and answers the provider's
 * RP-initiated logout URL (`{ logoutUrl }`) when it offers one, which comes back to `/login`. Both take the cookie only
 * (SameSite=Strict: another site cannot make the browser send it).
 */
export function registerSessionRoutes(
  app: FastifyInstance,
  deps: { sessions: SessionService; client?: OidcClient; publicUrl?: string },
) {
  const secure = (request: FastifyRequest) => (deps.publicUrl ?? originOf(request)).startsWith('https:');
  const keep = (request: FastifyRequest, reply: FastifyReply, session?: IssuedSession) =>
    setSessionCookies(reply, {
      refreshToken: session?.refreshToken,
      maxAgeSeconds: session ? Math.floor((session.refreshExpiresAt.getTime() - Date.now()) / 1000) : 0,
      secure: secure(request),
    });

  app.post('/api/auth/session/refresh', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = cookieOf(request, REFRESH_COOKIE);
    if (!token) return reply.code(401).send({ message: 'No session here: sign in' });
    try {
      const session = await deps.sessions.refresh(token);
      keep(request, reply, session);
      return reply.send({ accessToken: session.accessToken, expiresAt: session.accessExpiresAt.toISOString() });
    } catch (error) {
      if (error instanceof SessionRefusedError || error instanceof AccountRefusedError) {
        keep(request, reply);
        return reply.code(error instanceof AccountRefusedError ? 403 : 401).send({ message: error.message });
      }
      throw error;
    }
  });

  app.post('/api/auth/session/logout', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = cookieOf(request, REFRESH_COOKIE);
    const ended = token ? await deps.sessions.revoke(token) : undefined;
    keep(request, reply);
    // Back to Stream's sign-in page once the provider has signed the person out there too. Only a
    // session begun by OpenID Connect keeps the provider's ID token: one begun by SAML (with both
    // on) is not the OpenID Provider's to end.
    const back = `${deps.publicUrl ?? originOf(request)}/login`;
    const logoutUrl = ended?.idToken ? await deps.client?.logoutUrl(back, ended.idToken) : undefined;
    return reply.send(logoutUrl ? { logoutUrl } : {});
  });
}

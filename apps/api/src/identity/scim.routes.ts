import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { originOf } from '../platform/http/request-origin';
import { ScimError } from './scim-error';
import { MAX_RESULTS, type ScimUserService } from './scim-user.service';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import type { ScimGroupService } from './scim-group.service';
import type { ScimTokens } from './scim-token';

/** The largest request body SCIM takes: a User is a few hundred bytes, a large PATCH a few KiB. */
export const SCIM_BODY_LIMIT = 64 * 1024;
const SCIM_TYPE = 'application/scim+json';

/**
 * SCIM 2.0 at /scim/v2 (RFC 7644), only while SCIM has a token (SCIM_TOKEN, or one an admin
 * rotated from /admin; with neither, every path is 404): `Authorization: Bearer {token}`
 * compared in constant time before any body is read, answers in application/scim+json, every
 * refusal an RFC 7644 error body.
 */
export function registerScimRoutes(
  app: FastifyInstance,
  deps: { tokens: ScimTokens; users: ScimUserService; groups: ScimGroupService; publicUrl?: string },
) {
  void app.register(
    async (scim) => {
      // JSON only (SCIM's own type or plain JSON): anything else is 415, not a string to misread.
      const json = scim.getDefaultJsonParser('error', 'error');
      scim.removeAllContentTypeParsers();
      scim.addContentTypeParser(
        [SCIM_TYPE, 'application/json'],
        { parseAs: 'string', bodyLimit: SCIM_BODY_LIMIT },
        (request, body, done) => json(request, String(body), done),
      );
      scim.addHook('onRequest', async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
        const verdict = await deps.tokens.check(token);
        if (verdict === 'off') return send(reply, new ScimError(404, 'SCIM is off here: it has no token'));
        if (verdict !== 'accepted') {
          reply.header('www-authenticate', 'Bearer realm="scim"');
          return send(reply, new ScimError(401, 'A SCIM request carries Authorization: Bearer {SCIM_TOKEN}'));
        }
      });
      scim.setErrorHandler((error: FastifyError, request, reply) => {
        if (error instanceof ScimError) return send(reply, error);
        if (error.statusCode === 413)
          return send(reply, new ScimError(413, `A SCIM request body is at most ${SCIM_BODY_LIMIT} bytes`, 'tooMany'));
        if (error.statusCode === 415) return send(reply, new ScimError(415, `Send ${SCIM_TYPE} (or application/json)`));
        if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
          return send(reply, new ScimError(400, 'The body is not JSON', 'invalidSyntax'));
        request.log.error({ err: error }, 'SCIM request failed');
        return send(reply, new ScimError(500, 'Something went wrong here; try again'));
      });
      scim.setNotFoundHandler((_request, reply) => send(reply, new ScimError(404, 'No such SCIM endpoint here')));

      const base = (request: Parameters<typeof originOf>[0]) => deps.publicUrl ?? originOf(request);
      const options = { bodyLimit: SCIM_BODY_LIMIT };
      type ById = { Params: { id: string } };

      scim.get('/ServiceProviderConfig', async (request, reply) =>
        answer(reply, 200, serviceProviderConfig(base(request), MAX_RESULTS)),
      );
      scim.get('/ResourceTypes', async (request, reply) => answer(reply, 200, resourceTypes(base(request))));
      scim.get('/Schemas', async (request, reply) => answer(reply, 200, schemas(base(request))));
      scim.get<{ Querystring: { filter?: string; startIndex?: string; count?: string } }>(
        '/Users',
        async (request, reply) => answer(reply, 200, await deps.users.list(request.query, base(request))),
      );
      scim.get<ById>('/Users/:id', async (request, reply) =>
        answer(reply, 200, await deps.users.get(request.params.id, base(request))),
      );
      scim.post('/Users', options, async (request, reply) => {
        const user = await deps.users.create(request.body, base(request));
        reply.header('location', user.meta.location);
        return answer(reply, 201, user);
      });
      scim.put<ById>('/Users/:id', options, async (request, reply) =>
        answer(reply, 200, await deps.users.replace(request.params.id, request.body, base(request))),
      );
      scim.patch<ById>('/Users/:id', options, async (request, reply) =>
        answer(reply, 200, await deps.users.patch(request.params.id, request.body, base(request))),
      );
      scim.delete<ById>('/Users/:id', async (request, reply) => {
        await deps.users.delete(request.params.id);
        return reply.code(204).header('cache-control', 'no-store').send();
      });

      type GroupQuery = { filter?: string; startIndex?: string; count?: string; excludedAttributes?: string };
      scim.get<{ Querystring: GroupQuery }>('/Groups', async (request, reply) =>
        answer(reply, 200, await deps.groups.list(request.query, base(request))),
      );
      scim.get<ById>('/Groups/:id', async (request, reply) =>
        answer(reply, 200, await deps.groups.get(request.params.id, base(request))),
      );
      scim.post('/Groups', options, async (request, reply) => {
        const group = await deps.groups.create(request.body, base(request));
        reply.header('location', group.meta.location);
        return answer(reply, 201, group);
      });
      scim.put<ById>('/Groups/:id', options, async (request, reply) =>
        answer(reply, 200, await deps.groups.replace(request.params.id, request.body, base(request))),
      );
      scim.patch<ById>('/Groups/:id', options, async (request, reply) =>
        answer(reply, 200, await deps.groups.patch(request.params.id, request.body, base(request))),
      );
      scim.delete<ById>('/Groups/:id', async (request, reply) => {
        await deps.groups.delete(request.params.id);
        return reply.code(204).header('cache-control', 'no-store').send();
      });
    },
    { prefix: '/scim/v2' },
  );
}

function answer(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).header('cache-control', 'no-store').type(SCIM_TYPE).send(JSON.stringify(body));
}

function send(reply: FastifyReply, error: ScimError) {
  return answer(reply, error.status, error.body());
}

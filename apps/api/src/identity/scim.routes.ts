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
      type ListQuery = { filter?: string; startIndex?: string; count?: string; excludedAttributes?: string };

      scim.get('/ServiceProviderConfig', async (request, reply) =>
        answer(reply, 200, serviceProviderConfig(base(request), MAX_RESULTS)),
      );
      scim.get('/ResourceTypes', async (request, reply) => answer(reply, 200, resourceTypes(base(request))));
      scim.get('/Schemas', async (request, reply) => answer(reply, 200, schemas(base(request))));
      // Users and Groups are served alike: list (filter, paging), get, create, replace, PATCH, delete.
      for (const [path, service] of [
        ['/Users', deps.users],
        ['/Groups', deps.groups],
      ] as const) {
        scim.get<{ Querystring: ListQuery }>(path, async (request, reply) =>
          answer(reply, 200, await service.list(request.query, base(request))),
        );
        scim.get<ById>(`${path}/:id`, async (request, reply) =>
          answer(reply, 200, await service.get(request.params.id, base(request))),
        );
        scim.post(path, options, async (request, reply) => {
          const created = await service.create(request.body, base(request));
          reply.header('location', created.meta.location);
          return answer(reply, 201, created);
        });
        scim.put<ById>(`${path}/:id`, options, async (request, reply) =>
          answer(reply, 200, await service.replace(request.params.id, request.body, base(request))),
        );
        scim.patch<ById>(`${path}/:id`, options, async (request, reply) =>
          answer(reply, 200, await service.patch(request.params.id, request.body, base(request))),
        );
        scim.delete<ById>(`${path}/:id`, async (request, reply) => {
          await service.delete(request.params.id);
          return reply.code(204).header('cache-control', 'no-store').send();
        });
      }
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

import { Code } from '@connectrpc/connect';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokensAreVerified } from '../auth/token-verifier';
import type { Config } from '../../config';
import { isRpcPath, sendRpcError } from '../rpc/error-response';
import { closeAfterAnswer } from './early-answer';
import { sendUnauthenticated } from '../auth/http-auth';

/** Headers a proxy adds; a client talking to the API directly has no reason to send them. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
];

const PROXIED_EMULATOR_TOKEN =
  'This server uses the Auth emulator, whose ID tokens are not verified: it takes them only from direct connections, not through a proxy';

/**
 * With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin accepts unsigned tokens for any user: fine on
 * a developer's own machine, an open door once a proxy makes the port public (listen-host.ts keeps
 * HOST on loopback, which a local nginx defeats). So a request that carries an ID token and came
 * through a proxy (a forwarding header, or a peer TRUST_PROXY names) is refused with 401 and a
 * warning in the log, unless FIREBASE_AUTH_EMULATOR_THROUGH_PROXY says otherwise (warned at start).
 */
export function registerEmulatorGuard(
  app: FastifyInstance,
  config: Pick<Config, 'FIREBASE_AUTH_EMULATOR_THROUGH_PROXY'>,
) {
  if (config.FIREBASE_AUTH_EMULATOR_THROUGH_PROXY) return;
  const proxied = (request: FastifyRequest) =>
    (request.server.trustsProxy?.(request.raw.socket.remoteAddress, 0) ?? false) ||
    FORWARDING_HEADERS.some((name) => request.headers[name]);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.headers.authorization || tokensAreVerified() || !proxied(request)) return undefined;
    request.log.warn(
      { peer: request.raw.socket.remoteAddress },
      'refused an ID token that came through a proxy: the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST) does not verify tokens',
    );
    closeAfterAnswer(request, reply);
    if (isRpcPath(request.url)) return sendRpcError(request, reply, Code.Unauthenticated, PROXIED_EMULATOR_TOKEN);
    return sendUnauthenticated(reply, PROXIED_EMULATOR_TOKEN);
  });
}

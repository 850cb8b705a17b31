import { createContextValues, type ConnectRouter } from '@connectrpc/connect';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { createAuthInterceptor } from '../auth/auth.interceptor';
import type { TokenVerifier } from '../auth/token-verifier';
import type { User } from '../auth/user';
import { guardRequestBodies, LARGEST_RPC_BODY_BYTES } from './body-guard';
import { createErrorInterceptor } from './error.interceptor';
import { kHttpRequest } from './http-request';

export interface RpcOptionsDeps {
  /** Registers the services on the router. */
  routes: (router: ConnectRouter) => void;
  verifier: TokenVerifier;
  log: Logger;
  /** Told of every call whose token failed verification (the rate limit on failed sign-ins). */
  onFailedAuthentication(request: FastifyRequest): Promise<void>;
  /** Told of every verified caller (the users table); must not throw. */
  onAuthenticated?(user: User): Promise<void>;
  /** Throws AccountRefusedError when a verified caller may not make this call. */
  admit?(user: User, method: { service: string; name: string }): Promise<'person' | 'invitee'>;
}

/**
 * The Connect plugin's options for every service: bodies read and checked by the body guard, errors
 * mapped once (outermost interceptor), then authentication; the Fastify request in `kHttpRequest`.
 */
export function connectOptions({
  routes,
  verifier,
  log,
  onFailedAuthentication,
  onAuthenticated,
  admit,
}: RpcOptionsDeps) {
  return {
    routes: (router: ConnectRouter) => {
      routes(router);
      guardRequestBodies(router);
    },
    readMaxBytes: LARGEST_RPC_BODY_BYTES,
    contextValues: (request: FastifyRequest) => createContextValues().set(kHttpRequest, request),
    interceptors: [
      createErrorInterceptor(log),
      createAuthInterceptor(
        verifier,
        async (values) => {
          const request = values.get(kHttpRequest);
          if (request) await onFailedAuthentication(request);
        },
        onAuthenticated,
        admit,
      ),
    ],
    grpcWeb: true,
    connect: true,
    grpc: true,
  };
}

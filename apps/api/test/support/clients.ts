import type { DescService } from '@bufbuild/protobuf';
import { createClient, type Client, type Interceptor, type Transport } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { createConnectTransport, createGrpcWebTransport } from '@connectrpc/connect-web';
import { VideoService } from '@stream/proto';

/** gRPC-web and Connect as a browser speaks them; native gRPC over HTTP/2 as a server would. */
export type Protocol = 'grpc-web' | 'connect' | 'grpc';

/** Sets `authorization: Bearer <token>` (and optional extra headers) on every call. */
const withHeaders =
  (headers: Record<string, string>): Interceptor =>
  (next) =>
  (request) => {
    for (const [name, value] of Object.entries(headers)) request.header.set(name, value);
    return next(request);
  };

export interface ClientOptions {
  /** Signs the calls in: `authorization: Bearer <token>`. */
  token?: string | undefined;
  protocol?: Protocol;
  headers?: Record<string, string>;
}

/** A client of `service` as a browser would make it (connect-web, gRPC-web by default), optionally signed in. */
export function serviceClient<T extends DescService>(
  service: T,
  baseUrl: string,
  options: ClientOptions = {},
): Client<T> {
  const headers = { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) };
  const interceptors = [withHeaders(headers)];
  const transport: Transport =
    options.protocol === 'grpc'
      ? createGrpcTransport({ baseUrl, interceptors })
      : (options.protocol === 'connect' ? createConnectTransport : createGrpcWebTransport)({ baseUrl, interceptors });
  return createClient(service, transport);
}

/** A VideoService client as a browser would make it (connect-web), optionally signed in. */
export const videoClient = (baseUrl: string, options: ClientOptions = {}): Client<typeof VideoService> =>
  serviceClient(VideoService, baseUrl, options);

/** An emulator-style ID token (unsigned, alg none) for `uid` whose expiry is in the past. */
export function expiredToken(uid: string, projectId = 'demo-stream'): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [
    encode({ alg: 'none', typ: 'JWT' }),
    encode({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now - 7200,
      user_id: uid,
      sub: uid,
      iat: now - 7200,
      exp: now - 3600,
      firebase: { identities: {}, sign_in_provider: 'password' },
    }),
    '',
  ].join('.');
}

/** The same shape with a valid expiry but another project's audience. */
export function foreignProjectToken(uid: string): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [
    encode({ alg: 'none', typ: 'JWT' }),
    encode({
      iss: 'https://securetoken.google.com/someone-else',
      aud: 'someone-else',
      auth_time: now,
      user_id: uid,
      sub: uid,
      iat: now,
      exp: now + 3600,
      firebase: { identities: {}, sign_in_provider: 'password' },
    }),
    '',
  ].join('.');
}

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

/** A VideoService client as a browser would make it (connect-web), optionally signed in. */
export function videoClient(
  baseUrl: string,
  options: { token?: string; protocol?: Protocol; headers?: Record<string, string> } = {},
): Client<typeof VideoService> {
  const headers = { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) };
  const interceptors = [withHeaders(headers)];
  const transport: Transport =
    options.protocol === 'grpc'
      ? createGrpcTransport({ baseUrl, interceptors })
      : (options.protocol === 'connect' ? createConnectTransport : createGrpcWebTransport)({ baseUrl, interceptors });
  return createClient(VideoService, transport);
}

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

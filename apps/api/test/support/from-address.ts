// Requests that leave from another local address than 127.0.0.1, so a server (or nginx) on
// 127.0.0.1 sees a client that is not loopback (loopback clients are never rate limited).
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';

/** This machine's first IPv4 address that is not loopback, if it has one. */
export function externalAddress(): string | undefined {
  for (const entries of Object.values(networkInterfaces())) {
    const found = entries?.find((entry) => entry.family === 'IPv4' && !entry.internal);
    if (found) return found.address;
  }
  return undefined;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP/1.1 request from `localAddress`; `headers` may name any Host. */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

/** A Connect (JSON) unary call, e.g. `rpcFrom(address, baseUrl, 'ListVideos', {}, headers)`. */
export async function rpcFrom(
  localAddress: string,
  baseUrl: string,
  method: string,
  message: object,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const answer = await requestFrom(localAddress, `${baseUrl}/videoservice.VideoService/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'connect-protocol-version': '1', ...headers },
    body: JSON.stringify(message),
  });
  return { status: answer.status, json: answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : {} };
}

/** An ID token as the Auth emulator makes them (alg none, unsigned) for any uid: anyone can write one. */
export function handMadeToken(uid: string, projectId = 'demo-stream'): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [
    encode({ alg: 'none', typ: 'JWT' }),
    encode({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
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

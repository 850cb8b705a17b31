import { Code, ConnectError, type Transport } from '@connectrpc/connect';

/**
 * What a contract suite runs against: the fake of this package or the real server. Each call of
 * `signIn` is a new user with nothing yet, so cases do not see each other's videos.
 */
export interface RpcContractSubject {
  /** A transport whose calls come from a new signed-in user. */
  signIn(): Promise<Transport>;
  /** A transport whose calls carry no token. */
  signedOut(): Transport;
}

/** The product's tus endpoint (`<baseUrl>/api/uploads/`) and bearer tokens of new users for it. */
export interface TusContractSubject {
  baseUrl(): string;
  /** The bearer token of a new signed-in user. */
  signIn(): Promise<string>;
}

/** `transport` with `headers` set on every call (a token, a share token). */
export function withHeaders(transport: Transport, headers: Record<string, string>): Transport {
  const merged = (header: HeadersInit | undefined) => {
    const all = new Headers(header);
    for (const [name, value] of Object.entries(headers)) all.set(name, value);
    return all;
  };
  return {
    unary: (method, signal, timeoutMs, header, input, contextValues) =>
      transport.unary(method, signal, timeoutMs, merged(header), input, contextValues),
    stream: (method, signal, timeoutMs, header, input, contextValues) =>
      transport.stream(method, signal, timeoutMs, merged(header), input, contextValues),
  };
}

/** The Connect code a call fails with, or 'ok'. */
export async function codeOf(call: Promise<unknown>): Promise<Code | 'ok'> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    if (error instanceof ConnectError) return error.code;
    throw error;
  }
}

export { Code };

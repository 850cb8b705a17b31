import type { Transport } from '@connectrpc/connect';

/**
 * A transport that loads the real one on its first call. The video service's client (Connect,
 * protobuf) is a third of the app's JavaScript, and the first page, signed out, makes no call.
 */
export function lazyTransport(load: () => Promise<Transport>): Transport {
  let loading: Promise<Transport> | undefined;
  const transport = () => (loading ??= load());
  return {
    unary: async (...args: Parameters<Transport['unary']>) => (await transport()).unary(...args),
    stream: async (...args: Parameters<Transport['stream']>) => (await transport()).stream(...args),
  } as Transport;
}

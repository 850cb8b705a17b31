import type { DescMessage, DescMethodUnary, MessageInitShape } from '@bufbuild/protobuf';
import type { Transport } from '@connectrpc/connect';
import { createConnectQueryKey, createQueryOptions } from '@connectrpc/connect-query';

/**
 * Query options for one unary RPC (connect-query's `createQueryOptions`), with the `queryKey`
 * typed by the answer: connect-query types it as a key of any cardinality, which loses the data
 * type, so `queryClient.getQueryData(options.queryKey)` would not know the message. Every cache
 * write and invalidation of a single query goes through this key, never one written by hand.
 */
export function unaryQuery<I extends DescMessage, O extends DescMessage>(
  method: DescMethodUnary<I, O>,
  input: MessageInitShape<I>,
  transport: Transport,
) {
  return {
    ...createQueryOptions(method, input, { transport }),
    queryKey: createConnectQueryKey({ schema: method, input, transport, cardinality: 'finite' }),
  };
}

/**
 * The key prefix of every cached call of `method` over `transport`, whatever its input (a change
 * that may move any of them): `unaryQuery(...).queryKey` names one call only.
 */
export const everyCallKey = <I extends DescMessage, O extends DescMessage>(
  method: DescMethodUnary<I, O>,
  transport: Transport,
) => createConnectQueryKey({ schema: method, transport, cardinality: 'finite' });

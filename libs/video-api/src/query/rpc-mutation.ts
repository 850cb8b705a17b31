import type { DescMessage, DescMethodUnary, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import type { ConnectError, Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import type { UseMutationOptions } from '@tanstack/react-query';

/** A mutation that calls one unary RPC with its input; `onSuccess` then brings the cache up to date. */
export function rpcMutation<I extends DescMessage, O extends DescMessage>(
  transport: Transport,
  method: DescMethodUnary<I, O>,
  onSuccess: (answer: MessageShape<O>, input: MessageInitShape<I>) => unknown,
): UseMutationOptions<MessageShape<O>, ConnectError, MessageInitShape<I>> {
  return { mutationFn: (input) => callUnaryMethod(transport, method, input), onSuccess };
}

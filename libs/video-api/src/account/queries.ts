import type { Transport } from '@connectrpc/connect';
import { createConnectQueryKey, createQueryOptions } from '@connectrpc/connect-query';
import { AccountService } from '@stream/proto';
import { retryVideoCall } from '../errors/retry-video-call';

/** The caller's account: profile and defaults (/settings). */
export function getAccountQuery(transport: Transport) {
  return { ...createQueryOptions(AccountService.method.getAccount, {}, { transport }), retry: retryVideoCall };
}

export const getAccountKey = (transport: Transport) =>
  createConnectQueryKey({ schema: AccountService.method.getAccount, transport, cardinality: 'finite' });

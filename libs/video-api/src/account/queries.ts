import type { Transport } from '@connectrpc/connect';
import { AccountService } from '@stream/proto';
import { unaryQuery } from '../query/unary-query';

/** The caller's account: profile and defaults (/settings); its `queryKey` is what a change invalidates. */
export function getAccountQuery(transport: Transport) {
  return unaryQuery(AccountService.method.getAccount, {}, transport);
}

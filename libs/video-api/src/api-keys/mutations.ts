import type { Transport } from '@connectrpc/connect';
import { ApiKeyService } from '@stream/proto';
import type { QueryClient } from '@tanstack/react-query';
import { rpcMutation } from '../query/rpc-mutation';
import { listApiKeysQuery } from './queries';

const keys = ApiKeyService.method;
const refreshKeys = (transport: Transport, queryClient: QueryClient) => () =>
  queryClient.invalidateQueries({ queryKey: listApiKeysQuery(transport).queryKey });

export const createApiKeyMutation = (t: Transport, q: QueryClient) =>
  rpcMutation(t, keys.createApiKey, refreshKeys(t, q));
export const revokeApiKeyMutation = (t: Transport, q: QueryClient) =>
  rpcMutation(t, keys.revokeApiKey, refreshKeys(t, q));

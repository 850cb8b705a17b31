import type { Transport } from '@connectrpc/connect';
import { ApiKeyService } from '@stream/proto';
import { unaryQuery } from '../query/unary-query';

/** The caller's API keys (/settings#api-keys); its `queryKey` is what creating or revoking one invalidates. */
export const listApiKeysQuery = (transport: Transport) => unaryQuery(ApiKeyService.method.listApiKeys, {}, transport);

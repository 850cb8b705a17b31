import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { ApiKeySchema, ApiKeyService as ApiKeyServiceDescriptor } from '@stream/proto';
import type { ApiKey, ApiKeyService } from '../services/api-keys.service';
import { signedIn } from './signed-in';

const toApiKey = (key: ApiKey) =>
  create(ApiKeySchema, {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: timestampFromDate(key.createdAt),
    ...(key.lastUsedAt ? { lastUsedAt: timestampFromDate(key.lastUsedAt) } : {}),
    ...(key.revokedAt ? { revokedAt: timestampFromDate(key.revokedAt) } : {}),
  });

function keyId(value: string): string {
  if (!value || value.length > 64) throw new ConnectError('Name the key by its id', Code.InvalidArgument);
  return value;
}

/** The ApiKeyService on the Connect router (issue 32). */
export default ({ apiKeys }: { apiKeys: ApiKeyService }) =>
  (router: ConnectRouter) => {
    router.service(ApiKeyServiceDescriptor, {
      createApiKey: async (request, context) => {
        const { key, secret } = await apiKeys.create(signedIn(context), request.name);
        return { key: toApiKey(key), secret };
      },
      listApiKeys: async (_request, context) => ({
        keys: (await apiKeys.list(signedIn(context))).map(toApiKey),
      }),
      revokeApiKey: async (request, context) => toApiKey(await apiKeys.revoke(signedIn(context), keyId(request.id))),
    });
  };

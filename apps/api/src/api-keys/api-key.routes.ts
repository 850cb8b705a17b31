import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { ApiKeySchema, ApiKeyScope, ApiKeyService as ApiKeyServiceDescriptor } from '@stream/proto';
import type { ApiKeyScope as Scope } from '../access';
import type { ApiKey, ApiKeyService } from './api-key.service';
import { signedIn } from '../platform/rpc/signed-in';

const toApiKey = (key: ApiKey) =>
  create(ApiKeySchema, {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: timestampFromDate(key.createdAt),
    ...(key.lastUsedAt ? { lastUsedAt: timestampFromDate(key.lastUsedAt) } : {}),
    ...(key.revokedAt ? { revokedAt: timestampFromDate(key.revokedAt) } : {}),
    scope: key.scope === 'read' ? ApiKeyScope.READ : ApiKeyScope.READ_WRITE,
  });

/** Unspecified is read and write, as every key was before scopes; a number the contract lacks is refused. */
function scopeOf(value: ApiKeyScope): Scope {
  if (value === ApiKeyScope.READ) return 'read';
  if (value === ApiKeyScope.READ_WRITE || value === ApiKeyScope.UNSPECIFIED) return 'read_write';
  throw new ConnectError('A key is READ or READ_WRITE', Code.InvalidArgument);
}

function keyId(value: string): string {
  if (!value || value.length > 64) throw new ConnectError('Name the key by its id', Code.InvalidArgument);
  return value;
}

/** The ApiKeyService on the Connect router. */
export default ({ apiKeys }: { apiKeys: ApiKeyService }) =>
  (router: ConnectRouter) => {
    router.service(ApiKeyServiceDescriptor, {
      createApiKey: async (request, context) => {
        const { key, secret } = await apiKeys.create(signedIn(context), request.name, scopeOf(request.scope));
        return { key: toApiKey(key), secret };
      },
      listApiKeys: async (_request, context) => ({
        keys: (await apiKeys.list(signedIn(context))).map(toApiKey),
      }),
      revokeApiKey: async (request, context) => toApiKey(await apiKeys.revoke(signedIn(context), keyId(request.id))),
    });
  };

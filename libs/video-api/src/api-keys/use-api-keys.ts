import type { Transport } from '@connectrpc/connect';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiKeyScope } from '@stream/proto';
import { adminErrorMessage } from '../admin/admin-error-message';
import { createApiKeyMutation, revokeApiKeyMutation } from './mutations';
import { listApiKeysQuery } from './queries';

/** `@stream/ui`'s scope choice (it imports no proto), both ways; unspecified is read and write, as the server reads it. */
type ApiKeyScopeChoice = 'read' | 'read-write';
const scopeChoiceOf = (scope: ApiKeyScope): ApiKeyScopeChoice => (scope === ApiKeyScope.READ ? 'read' : 'read-write');
const scopeOf = (choice: ApiKeyScopeChoice) => (choice === 'read' ? ApiKeyScope.READ : ApiKeyScope.READ_WRITE);

/**
 * /settings#api-keys as `@stream/ui`'s `ApiKeysSection` props: the person's keys, a new
 * one (its secret shown once, from the create answer only) and revoking.
 */
export function useApiKeys(transport: Transport) {
  const queryClient = useQueryClient();
  const keys = useQuery(listApiKeysQuery(transport));
  const create = useMutation(createApiKeyMutation(transport, queryClient));
  const revoke = useMutation(revokeApiKeyMutation(transport, queryClient));
  return {
    loading: keys.isPending,
    loadError: keys.error ? adminErrorMessage(keys.error) : undefined,
    keys: (keys.data?.keys ?? []).map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      scope: scopeChoiceOf(key.scope),
      createdAt: key.createdAt ? timestampDate(key.createdAt) : undefined,
      lastUsedAt: key.lastUsedAt ? timestampDate(key.lastUsedAt) : undefined,
      revoked: key.revokedAt !== undefined,
    })),
    create: {
      busy: create.isPending,
      error: create.error ? adminErrorMessage(create.error) : undefined,
      /** The secret of the key just made: shown this once. */
      secret: create.data?.secret,
      submit: (name: string, scope: ApiKeyScopeChoice, done?: () => void) =>
        create.mutate({ name, scope: scopeOf(scope) }, { onSuccess: () => done?.() }),
      dismiss: () => create.reset(),
    },
    revoke: {
      busy: revoke.isPending,
      error: revoke.error ? adminErrorMessage(revoke.error) : undefined,
      submit: (id: string) => revoke.mutate({ id }),
    },
  };
}

export type ApiKeys = ReturnType<typeof useApiKeys>;

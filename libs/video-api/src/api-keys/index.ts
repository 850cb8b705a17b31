export { listApiKeysQuery } from './queries';
export { createApiKeyMutation, revokeApiKeyMutation } from './mutations';
export { useApiKeys, type ApiKeys } from './use-api-keys';

import type { DescMessage, DescMethodUnary, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import type { ConnectError, Transport } from '@connectrpc/connect';
import { callUnaryMethod, createConnectQueryKey, createQueryOptions } from '@connectrpc/connect-query';
import { AdminService, ApiKeyService } from '@stream/proto';
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { retryVideoCall } from '../errors/retry-video-call';

const admin = AdminService.method;
const keys = ApiKeyService.method;

const query = <I extends DescMessage, O extends DescMessage>(method: DescMethodUnary<I, O>, transport: Transport) => ({
  ...createQueryOptions(method, {} as MessageInitShape<I>, { transport }),
  retry: retryVideoCall,
});

/** Issue 32: whether the caller is an admin (the side navigation shows Admin by it). */
export const adminStatusQuery = (transport: Transport) => query(admin.getAdminStatus, transport);
export const listPeopleQuery = (transport: Transport) => query(admin.listPeople, transport);
export const instanceTotalsQuery = (transport: Transport) => query(admin.getInstanceTotals, transport);
export const auditLogQuery = (transport: Transport) => query(admin.listAuditLog, transport);
export const signUpPolicyQuery = (transport: Transport) => query(admin.getSignUpPolicy, transport);
/** The caller's storage against their quota, videos largest first (/settings#storage). */
export const myStorageQuery = (transport: Transport) => query(admin.getMyStorage, transport);
export const brandingQuery = (transport: Transport) => query(admin.getBranding, transport);
export const listApiKeysQuery = (transport: Transport) => query(keys.listApiKeys, transport);

/** Every admin query: an admin's change may move any of them (a quota moves people and the log). */
const adminKey = (transport: Transport) =>
  createConnectQueryKey({ schema: AdminService, transport, cardinality: undefined });

function mutation<I extends DescMessage, O extends DescMessage>(
  method: DescMethodUnary<I, O>,
  transport: Transport,
  queryClient: QueryClient,
  refresh: readonly unknown[],
): UseMutationOptions<MessageShape<O>, ConnectError, MessageInitShape<I>> {
  return {
    mutationFn: (input) => callUnaryMethod(transport, method, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  };
}

export const setPersonDisabledMutation = (t: Transport, q: QueryClient) =>
  mutation(admin.setPersonDisabled, t, q, adminKey(t));
export const setPersonQuotaMutation = (t: Transport, q: QueryClient) =>
  mutation(admin.setPersonQuota, t, q, adminKey(t));
export const setBrandingMutation = (t: Transport, q: QueryClient) => mutation(admin.setBranding, t, q, adminKey(t));
export const setSignUpPolicyMutation = (t: Transport, q: QueryClient) =>
  mutation(admin.setSignUpPolicy, t, q, adminKey(t));

const keysKey = (transport: Transport) =>
  createConnectQueryKey({ schema: ApiKeyService, transport, cardinality: undefined });
export const createApiKeyMutation = (t: Transport, q: QueryClient) => mutation(keys.createApiKey, t, q, keysKey(t));
export const revokeApiKeyMutation = (t: Transport, q: QueryClient) => mutation(keys.revokeApiKey, t, q, keysKey(t));

import type { Transport } from '@connectrpc/connect';
import { AdminService } from '@stream/proto';
import type { QueryClient } from '@tanstack/react-query';
import { rpcMutation } from '../query/rpc-mutation';
import { adminKey } from './queries';

const admin = AdminService.method;

/** After an admin's change: every admin query is asked again. */
const refreshAdmin = (transport: Transport, queryClient: QueryClient) => () =>
  queryClient.invalidateQueries({ queryKey: adminKey(transport) });

export const setPersonDisabledMutation = (t: Transport, q: QueryClient) =>
  rpcMutation(t, admin.setPersonDisabled, refreshAdmin(t, q));
export const setPersonQuotaMutation = (t: Transport, q: QueryClient) =>
  rpcMutation(t, admin.setPersonQuota, refreshAdmin(t, q));
export const setBrandingMutation = (t: Transport, q: QueryClient) =>
  rpcMutation(t, admin.setBranding, refreshAdmin(t, q));
export const setSignUpPolicyMutation = (t: Transport, q: QueryClient) =>
  rpcMutation(t, admin.setSignUpPolicy, refreshAdmin(t, q));
export const rotateScimTokenMutation = (t: Transport, q: QueryClient) =>
  rpcMutation(t, admin.rotateScimToken, refreshAdmin(t, q));

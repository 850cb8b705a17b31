import type { Transport } from '@connectrpc/connect';
import { createConnectQueryKey } from '@connectrpc/connect-query';
import { AdminService } from '@stream/proto';
import { unaryQuery } from '../query/unary-query';

const admin = AdminService.method;

/** Whether the caller is an admin (the side navigation shows Admin by it). */
export const adminStatusQuery = (transport: Transport) => unaryQuery(admin.getAdminStatus, {}, transport);
export const listPeopleQuery = (transport: Transport) => unaryQuery(admin.listPeople, {}, transport);
export const instanceTotalsQuery = (transport: Transport) => unaryQuery(admin.getInstanceTotals, {}, transport);
export const auditLogQuery = (transport: Transport) => unaryQuery(admin.listAuditLog, {}, transport);
export const signUpPolicyQuery = (transport: Transport) => unaryQuery(admin.getSignUpPolicy, {}, transport);
/** The caller's storage against their quota, videos largest first (/settings#storage). */
export const myStorageQuery = (transport: Transport) => unaryQuery(admin.getMyStorage, {}, transport);
export const brandingQuery = (transport: Transport) => unaryQuery(admin.getBranding, {}, transport);
/** The engine this server transcribes with (/admin's Transcription section). */
export const transcriptionSettingsQuery = (transport: Transport) =>
  unaryQuery(admin.getTranscriptionSettings, {}, transport);

/** Whether SCIM is on and its base URL (/admin's SCIM section). */
export const scimSettingsQuery = (transport: Transport) => unaryQuery(admin.getScimSettings, {}, transport);

/**
 * Every cached AdminService call of this transport: an admin's change may move any of them (a
 * quota moves people and the log). One key per query would be a list to keep in step by hand.
 */
export const adminKey = (transport: Transport) =>
  createConnectQueryKey({ schema: AdminService, transport, cardinality: undefined });

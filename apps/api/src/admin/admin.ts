import type { UserSource } from '../accounts';

/** The admin's view of one person. */
export interface Person {
  uid: string;
  email: string;
  displayName: string;
  disabled: boolean;
  /** Where they came from: Firebase, OpenID Connect, SAML, or the directory (SCIM). */
  source: UserSource;
  /** Their own quota; undefined: the default applies. */
  quotaBytes?: number;
  /** The quota that applies; undefined: unlimited. */
  effectiveQuotaBytes?: number;
  usedBytes: number;
  videoCount: number;
  lastActiveAt: Date;
  createdAt: Date;
  admin: boolean;
}

export interface InstanceTotals {
  people: number;
  videos: number;
  storedBytes: number;
  jobsWaiting: number;
  jobsFailed: number;
}

export interface AuditEntry {
  id: number;
  at: Date;
  actorUid: string;
  actorEmail: string;
  action: string;
  targetUid: string;
  detail: string;
}

/** Lowercase domain names: letters, digits and hyphens in dot-separated labels. */
export const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const MAX_DOMAINS = 100;

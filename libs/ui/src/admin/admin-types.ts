/** One person as /admin lists them, in words already. */
export interface AdminPersonRow {
  uid: string;
  name: string;
  email: string;
  disabled: boolean;
  admin: boolean;
  /** Where they came from, in words: "Firebase", "OpenID Connect", "SAML", "SCIM". */
  source: string;
  /** e.g. "4.9 MB". */
  used: string;
  /** e.g. "3.0 MB", or "unlimited". */
  quota: string;
  /** The person has a quota of their own (not the instance default). */
  ownQuota: boolean;
  overQuota: boolean;
  videoCount: number;
  lastActive?: Date;
}

export interface AdminAuditRow {
  id: string;
  at?: Date;
  actor: string;
  action: string;
  target: string;
  detail: string;
}

export type SignUpModeLabel = 'open' | 'invite-only' | 'domains';

/** A change the page can ask for: pending, and the refusal in words. */
export interface AdminAction {
  busy: boolean;
  error?: string | undefined;
}

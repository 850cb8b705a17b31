import type { TeamRole } from './team.table';

export type { TeamRole };

/** A team as one of its members sees it. */
export interface Team {
  id: string;
  name: string;
  /** The caller's role in it. */
  role: TeamRole;
  memberCount: number;
  createdAt: Date;
}

export interface TeamMember {
  uid: string;
  displayName: string;
  email: string;
  photoUrl: string;
  role: TeamRole;
  joinedAt: Date;
}

export interface TeamInvite {
  id: string;
  role: TeamRole;
  expiresAt: Date;
  usesLeft: number;
  createdAt: Date;
}

export type InviteState = 'valid' | 'expired' | 'revoked' | 'used_up' | 'unknown';

export const MAX_TEAM_NAME_LENGTH = 100;
export const DEFAULT_INVITE_SECONDS = 7 * 24 * 3600;
export const MAX_INVITE_SECONDS = 30 * 24 * 3600;
export const MAX_INVITE_USES = 1000;
/** An invite token: 32 random bytes, base64url (43 characters). */
export const INVITE_TOKEN_BYTES = 32;

/** A person's role in a team, as the page shows it. */
export type TeamRoleLabel = 'owner' | 'admin' | 'member';

export const ROLE_NAMES: Record<TeamRoleLabel, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** One attempt at a change: whether it is under way and why the last one failed. */
export interface TeamAction<A extends unknown[]> {
  busy: boolean;
  error: string | undefined;
  submit: (...args: A) => void;
  /** Forgets the last error (a dialog closing). */
  reset?: () => void;
}

export interface TeamMemberRow {
  uid: string;
  name: string;
  email: string;
  role: TeamRoleLabel;
  /** When they joined, formatted. */
  joined: string;
  isMe: boolean;
}

export interface TeamInviteRow {
  id: string;
  role: TeamRoleLabel;
  /** When it expires, formatted. */
  expires: string;
  usesLeft: number;
}

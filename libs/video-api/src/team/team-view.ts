import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { InviteState, TeamRole, type GetInviteResponse, type GetTeamResponse } from '@stream/proto';

export type TeamRoleLabel = 'owner' | 'admin' | 'member';
export type InviteStateLabel = 'valid' | 'expired' | 'revoked' | 'used-up' | 'unknown';

export const roleLabel = (role: TeamRole): TeamRoleLabel =>
  role === TeamRole.OWNER ? 'owner' : role === TeamRole.ADMIN ? 'admin' : 'member';

export const roleOfLabel: Record<TeamRoleLabel, TeamRole> = {
  owner: TeamRole.OWNER,
  admin: TeamRole.ADMIN,
  member: TeamRole.MEMBER,
};

// The date half of the app's one style (the person's locale, medium date): members' joins and invites' expiry.
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateOf = (at: Timestamp | undefined) => (at ? dateFormat.format(timestampDate(at)) : '');

/** A GetTeam answer as the members table and pending invites show it. */
export function teamRows(page: GetTeamResponse, myUid: string | undefined) {
  return {
    members: page.members.map((m) => ({
      uid: m.uid,
      name: m.displayName,
      email: m.email,
      role: roleLabel(m.role),
      joined: dateOf(m.joinedAt),
      isMe: m.uid === myUid,
    })),
    invites: page.invites.map((i) => ({
      id: i.id,
      role: roleLabel(i.role),
      expires: dateOf(i.expiresAt),
      usesLeft: i.usesLeft,
    })),
  };
}

const stateLabels: Partial<Record<InviteState, InviteStateLabel>> = {
  [InviteState.VALID]: 'valid',
  [InviteState.EXPIRED]: 'expired',
  [InviteState.REVOKED]: 'revoked',
  [InviteState.USED_UP]: 'used-up',
};

/** An invite's state as its page says it; anything else is an unknown link. */
export const inviteStateLabel = (invite: GetInviteResponse): InviteStateLabel => stateLabels[invite.state] ?? 'unknown';

import { describe, expect, it } from 'vitest';
import { InviteState, TeamRole, TeamService, Visibility } from './index';

describe('the team contract', () => {
  it('adds the TEAM visibility after the spec three', () => {
    expect(Visibility.TEAM).toBe(3);
  });

  it('is served as videoservice.TeamService with its methods in the order issued', () => {
    expect(TeamService.typeName).toBe('videoservice.TeamService');
    expect(TeamService.methods.map((m) => m.name)).toEqual([
      'CreateTeam',
      'RenameTeam',
      'DeleteTeam',
      'ListMyTeams',
      'GetTeam',
      'ChangeRole',
      'RemoveMember',
      'LeaveTeam',
      'CreateInvite',
      'RevokeInvite',
      'GetInvite',
      'AcceptInvite',
      'MoveVideoToTeam',
    ]);
  });

  it('numbers roles and invite states', () => {
    expect([TeamRole.UNSPECIFIED, TeamRole.OWNER, TeamRole.ADMIN, TeamRole.MEMBER]).toEqual([0, 1, 2, 3]);
    expect([
      InviteState.VALID,
      InviteState.EXPIRED,
      InviteState.REVOKED,
      InviteState.USED_UP,
      InviteState.UNKNOWN,
    ]).toEqual([1, 2, 3, 4, 5]);
  });
});

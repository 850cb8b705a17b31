import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { parseTeamGroups } from './directory-settings';

describe('the directory claims settings', () => {
  it('default to the groups claim and no admin groups, teams or quota claim', () => {
    const config = loadConfig({});
    expect(config.OIDC_GROUPS_CLAIM).toBe('groups');
    expect(config.OIDC_ADMIN_GROUPS).toBeUndefined();
    expect(config.OIDC_TEAM_GROUPS).toBeUndefined();
    expect(config.OIDC_QUOTA_CLAIM).toBeUndefined();
  });

  it('read admin groups comma-separated, the claim names and the team mapping', () => {
    const config = loadConfig({
      OIDC_GROUPS_CLAIM: 'realm_access.roles',
      OIDC_ADMIN_GROUPS: ' stream-admins , ops,,',
      OIDC_TEAM_GROUPS: 'engineering=Engineering:admin; cn=sales,ou=groups=Sales ; leads=Engineering:OWNER',
      OIDC_QUOTA_CLAIM: 'stream_quota',
    });
    expect(config.OIDC_GROUPS_CLAIM).toBe('realm_access.roles');
    expect(config.OIDC_ADMIN_GROUPS).toEqual(['stream-admins', 'ops']);
    expect(config.OIDC_TEAM_GROUPS).toEqual([
      { group: 'engineering', team: 'Engineering', role: 'admin' },
      { group: 'cn=sales,ou=groups', team: 'Sales', role: 'member' },
      { group: 'leads', team: 'Engineering', role: 'owner' },
    ]);
    expect(config.OIDC_QUOTA_CLAIM).toBe('stream_quota');
  });

  it('refuses a team mapping it cannot read at start, naming the entry', () => {
    expect(() => loadConfig({ OIDC_TEAM_GROUPS: 'engineering' })).toThrow(
      /OIDC_TEAM_GROUPS="engineering": "engineering" is not group=Team name:role/,
    );
    expect(() => loadConfig({ OIDC_TEAM_GROUPS: 'eng=Engineering:boss' })).toThrow(
      /"eng=Engineering:boss": the role "boss" is not one of owner, admin, member/,
    );
    expect(() => loadConfig({ OIDC_TEAM_GROUPS: '=Engineering' })).toThrow(/is not group=Team name:role/);
    expect(() => loadConfig({ OIDC_TEAM_GROUPS: 'eng= :member' })).toThrow(/the team name is required/);
    expect(() => loadConfig({ OIDC_TEAM_GROUPS: `eng=${'x'.repeat(101)}` })).toThrow(/at most 100 characters/);
    expect(() => loadConfig({ OIDC_TEAM_GROUPS: 'eng=Eng\u202Eineering' })).toThrow(
      /"eng=Eng.ineering": the team name/,
    );
  });

  it('keeps a team name that looks like HTML as the text it is', () => {
    expect(parseTeamGroups('<b>ops</b>=<script>alert(1)</script>:admin')).toEqual([
      { group: '<b>ops</b>', team: '<script>alert(1)</script>', role: 'admin' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { claimAt, groupsOf, MAX_GROUPS, quotaOf } from './directory-claims';

describe('reading the directory claims', () => {
  it('finds a claim by its name, or by a dotted path into objects', () => {
    const claims = { groups: ['a'], 'https://example.com/groups': ['b'], realm_access: { roles: ['c'] } };
    expect(claimAt(claims, 'groups')).toEqual(['a']);
    expect(claimAt(claims, 'https://example.com/groups')).toEqual(['b']);
    expect(claimAt(claims, 'realm_access.roles')).toEqual(['c']);
    expect(claimAt(claims, 'realm_access.roles.x')).toBeUndefined();
    expect(claimAt(claims, 'nothing.here')).toBeUndefined();
  });

  it('takes a list of strings or one string as groups; anything else is no group, said once', () => {
    const said: string[] = [];
    const warn = (message: string) => said.push(message);
    expect(groupsOf(['a', 'b'], warn)).toEqual(['a', 'b']);
    expect(groupsOf('admins', warn)).toEqual(['admins']);
    expect(groupsOf(undefined, warn)).toEqual([]);
    expect(said).toEqual([]);
    expect(groupsOf(42, warn)).toEqual([]);
    expect(groupsOf({ admins: true }, warn)).toEqual([]);
    expect(said).toEqual([
      'the groups claim is a number, not a list of group names: taken as no groups',
      'the groups claim is a object, not a list of group names: taken as no groups',
    ]);
    expect(groupsOf(['a', 7, null, '', ' ', 'x'.repeat(257), '<b>ops</b>'])).toEqual(['a', '<b>ops</b>']);
  });

  it('cuts a huge list of groups to its first entries', () => {
    const said: string[] = [];
    const groups = groupsOf(
      Array.from({ length: MAX_GROUPS + 5 }, (_, i) => `g${i}`),
      (message) => said.push(message),
    );
    expect(groups).toHaveLength(MAX_GROUPS);
    expect(groups.at(-1)).toBe(`g${MAX_GROUPS - 1}`);
    expect(said).toEqual([`the groups claim names ${MAX_GROUPS + 5} groups: only the first ${MAX_GROUPS} count`]);
  });

  it('takes a quota of whole bytes, as a number or numeric string; anything else is ignored with a warning', () => {
    const said: string[] = [];
    const warn = (message: string) => said.push(message);
    expect(quotaOf(0, warn)).toBe(0);
    expect(quotaOf(5_000_000, warn)).toBe(5_000_000);
    expect(quotaOf(' 1073741824 ', warn)).toBe(1_073_741_824);
    expect(quotaOf(undefined, warn)).toBeUndefined();
    expect(said).toEqual([]);
    for (const bad of [-1, 2.5, 1e300, Number.MAX_SAFE_INTEGER + 1, 'lots', '-5', '1e9', '', [5], true, { bytes: 1 }])
      expect(quotaOf(bad, warn)).toBeUndefined();
    expect(said).toHaveLength(11);
    expect(said[0]).toBe(
      `the quota claim -1 is not a whole number of bytes from 0 to ${Number.MAX_SAFE_INTEGER}: the quota is left as it was`,
    );
  });
});

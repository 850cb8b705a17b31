import { describe, expect, it } from 'vitest';
import { isInstanceAdmin, maySignUp, type SignUpPolicy } from '../access/policy';

describe('who is an admin of the instance', () => {
  it('is whoever ADMIN_EMAILS names, by email without regard to case', () => {
    const admins = ['ops@example.com'];
    expect(isInstanceAdmin({ email: 'OPS@example.com', isFirstAccount: false }, admins)).toBe(true);
    expect(isInstanceAdmin({ email: 'dev@example.com', isFirstAccount: true }, admins)).toBe(false);
    expect(isInstanceAdmin({ isFirstAccount: true }, admins)).toBe(false);
  });

  it('is the first account when ADMIN_EMAILS is unset', () => {
    expect(isInstanceAdmin({ email: 'a@example.com', isFirstAccount: true }, undefined)).toBe(true);
    expect(isInstanceAdmin({ email: 'a@example.com', isFirstAccount: false }, undefined)).toBe(false);
  });
});

describe('who may sign up on a first sign-in: every policy × every newcomer', () => {
  const policies: Record<string, SignUpPolicy> = {
    open: { mode: 'open' },
    'invite-only': { mode: 'invite-only' },
    domains: { mode: 'domains', domains: ['example.org'] },
  };
  const newcomers = {
    'stranger@example.com': { email: 'stranger@example.com', admin: false, acceptingInvite: false },
    'STAFF@Example.org': { email: 'STAFF@Example.org', admin: false, acceptingInvite: false },
    'invitee@example.com': { email: 'invitee@example.com', admin: false, acceptingInvite: true },
    'admin@example.com': { email: 'admin@example.com', admin: true, acceptingInvite: false },
    'no email': { admin: false, acceptingInvite: false },
  };
  it('reads as the issue says', () => {
    const table = Object.fromEntries(
      Object.entries(policies).map(([name, policy]) => [
        name,
        Object.entries(newcomers)
          .filter(([, newcomer]) => maySignUp(policy, newcomer))
          .map(([who]) => who),
      ]),
    );
    expect(table).toEqual({
      open: ['stranger@example.com', 'STAFF@Example.org', 'invitee@example.com', 'admin@example.com', 'no email'],
      'invite-only': ['invitee@example.com', 'admin@example.com'],
      domains: ['STAFF@Example.org', 'admin@example.com'],
    });
  });
});

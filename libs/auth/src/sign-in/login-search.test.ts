import { describe, expect, it } from 'vitest';
import { loginNotice, parseLoginSearch } from './login-search';

describe('parseLoginSearch', () => {
  it('keeps what /login understands', () => {
    expect(
      parseLoginSearch({ redirect: '/videos', mode: 'resetPassword', oobCode: 'c0de', notice: 'account-deleted' }),
    ).toEqual({ redirect: '/videos', mode: 'resetPassword', oobCode: 'c0de', notice: 'account-deleted' });
  });

  it('drops unknown keys, unknown modes and notices, and values of the wrong type', () => {
    expect(
      parseLoginSearch({ redirect: 3, mode: 'deleteEverything', oobCode: ['a'], notice: '<b>hi</b>', other: 'x' }),
    ).toEqual({});
  });
});

describe('loginNotice', () => {
  it('says the account was deleted only when the address says so', () => {
    expect(loginNotice({ notice: 'account-deleted' })).toBe('Your account was deleted.');
    expect(loginNotice({})).toBeUndefined();
  });
});

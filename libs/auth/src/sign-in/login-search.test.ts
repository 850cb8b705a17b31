import { describe, expect, it } from 'vitest';
import { loginNotice, oidcStartUrl, parseLoginSearch, safeRedirect } from './login-search';

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

describe('where sign-in leads (safeRedirect, oidcStartUrl)', () => {
  it('sends the person after sign-in only to a path of this site, never back to /login', () => {
    expect(safeRedirect('/watch/v1?t=3')).toBe('/watch/v1?t=3');
    for (const redirect of [
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/login',
      '/login?redirect=/x',
    ])
      expect(safeRedirect(redirect)).toBe('/');
  });

  it("starts the organisation's sign-in at the API with that path as where to land", () => {
    expect(oidcStartUrl('/watch/v1?t=3')).toBe('/api/auth/oidc/start?next=%2Fwatch%2Fv1%3Ft%3D3');
    expect(oidcStartUrl('//evil.example/')).toBe('/api/auth/oidc/start?next=%2F');
    expect(oidcStartUrl(undefined)).toBe('/api/auth/oidc/start?next=%2F');
    expect(oidcStartUrl('/watch/v1?t=3', 'saml')).toBe('/api/auth/saml/start?next=%2Fwatch%2Fv1%3Ft%3D3');
    expect(oidcStartUrl('//evil.example/', 'saml')).toBe('/api/auth/saml/start?next=%2F');
  });
});

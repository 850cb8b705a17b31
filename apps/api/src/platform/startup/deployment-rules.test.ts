import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { adminsNamed, checkDeployment } from './deployment-rules';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://stream:pw@127.0.0.1:5432/stream',
  URL_SIGNING_SECRET: 'a-signing-secret-of-the-tests',
  PUBLIC_URL: 'https://stream.example.com',
};
const oidc = {
  OIDC_ISSUER: 'https://id.example.com',
  OIDC_CLIENT_ID: 'stream',
  OIDC_CLIENT_SECRET: 'a-client-secret',
};
const adminRefusal = (env: Record<string, string>) =>
  checkDeployment(loadConfig({ ...production, ...env }), 'api').refusals.filter((line) =>
    line.startsWith('ADMIN_EMAILS'),
  );

describe('who the admins are, in production', () => {
  it('are named by ADMIN_EMAILS, or by OIDC_ADMIN_GROUPS with OpenID Connect on', () => {
    expect(adminRefusal({})).toEqual([expect.stringMatching(/ADMIN_EMAILS is unset in production.*OIDC_ADMIN_GROUPS/)]);
    expect(adminRefusal({ ADMIN_EMAILS: 'ann@example.com' })).toEqual([]);
    expect(adminRefusal({ ...oidc, OIDC_ADMIN_GROUPS: 'stream-admins' })).toEqual([]);
    // Without OpenID Connect nobody ever signs in with a group.
    expect(adminRefusal({ OIDC_ADMIN_GROUPS: 'stream-admins' })).toHaveLength(1);
    expect(adminsNamed(loadConfig({ ...oidc }))).toBe(false);
    // SAML's groups attribute names admins by the same setting.
    const saml = { SAML_ENTRY_POINT: 'https://idp.example.com/sso', SAML_IDP_CERT: 'MII'.padEnd(200, 'A') };
    expect(adminRefusal({ ...saml, OIDC_ADMIN_GROUPS: 'stream-admins' })).toEqual([]);
  });
});

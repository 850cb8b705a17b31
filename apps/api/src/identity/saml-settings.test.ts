import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const body = 'MIIB'.padEnd(300, 'Q');
const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
const pair = { SAML_ENTRY_POINT: 'https://idp.example.com/sso', SAML_IDP_CERT: pem };

describe('SAML settings', () => {
  it('are off with none set, with their defaults', () => {
    const config = loadConfig({});
    expect(config.SAML_ENTRY_POINT).toBeUndefined();
    expect(config).toMatchObject({
      SAML_NAME: 'SAML SSO',
      SAML_EMAIL_ATTRIBUTE: 'email',
      SAML_NAME_ATTRIBUTE: 'name',
      SAML_GROUPS_ATTRIBUTE: 'groups',
    });
  });

  it('take the IdP certificate as PEM, as its bare base64 body, or from a file', () => {
    expect(loadConfig(pair).SAML_IDP_CERT).toBe(pem);
    expect(loadConfig({ ...pair, SAML_IDP_CERT: body }).SAML_IDP_CERT).toBe(pem);
    const file = join(mkdtempSync(join(tmpdir(), 'saml-cert-')), 'idp.pem');
    writeFileSync(file, pem);
    expect(loadConfig({ ...pair, SAML_IDP_CERT: file }).SAML_IDP_CERT).toBe(pem);
  });

  it('refuse one of the pair alone, a certificate that is none, and http:// off loopback', () => {
    expect(() => loadConfig({ SAML_ENTRY_POINT: pair.SAML_ENTRY_POINT })).toThrow(
      /SAML_IDP_CERT=.*SAML 2.0 needs SAML_ENTRY_POINT and SAML_IDP_CERT together: SAML_IDP_CERT is missing/,
    );
    expect(() => loadConfig({ SAML_IDP_CERT: pem })).toThrow(/SAML_ENTRY_POINT is missing/);
    expect(() => loadConfig({ ...pair, SAML_IDP_CERT: '/nowhere/idp.pem' })).toThrow(
      /SAML_IDP_CERT=.*neither a PEM certificate nor a readable file \(ENOENT\)/,
    );
    expect(() => loadConfig({ ...pair, SAML_ENTRY_POINT: 'http://idp.example.com/sso' })).toThrow(
      /SAML_ENTRY_POINT=.*expected an https:\/\/ URL/,
    );
    expect(loadConfig({ ...pair, SAML_ENTRY_POINT: 'http://127.0.0.1:8080/sso' }).SAML_ENTRY_POINT).toBe(
      'http://127.0.0.1:8080/sso',
    );
  });
});

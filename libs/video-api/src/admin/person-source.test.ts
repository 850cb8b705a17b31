import { PersonSource } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { personSourceLabel } from './person-source';

describe('personSourceLabel', () => {
  it('names each way in, and an unset one from an older server as unknown', () => {
    expect(personSourceLabel(PersonSource.FIREBASE)).toBe('Firebase');
    expect(personSourceLabel(PersonSource.OIDC)).toBe('OpenID Connect');
    expect(personSourceLabel(PersonSource.SAML)).toBe('SAML');
    expect(personSourceLabel(PersonSource.SCIM)).toBe('SCIM');
    expect(personSourceLabel(PersonSource.UNSPECIFIED)).toBe('Unknown');
  });
});

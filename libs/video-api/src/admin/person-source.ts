import { PersonSource } from '@stream/proto';

const LABELS: Record<number, string> = {
  [PersonSource.FIREBASE]: 'Firebase',
  [PersonSource.OIDC]: 'OpenID Connect',
  [PersonSource.SAML]: 'SAML',
  [PersonSource.SCIM]: 'SCIM',
};

/** Where a person came from, in words /admin shows ("Unknown" from an older server). */
export const personSourceLabel = (source: PersonSource): string => LABELS[source] ?? 'Unknown';

import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { VouchedPerson } from './sign-in-person';

export const SAML_ACS_PATH = '/api/auth/saml/callback';
export const SAML_METADATA_PATH = '/api/auth/saml/metadata';

/** The SAML_* settings of config.ts, SAML on (entry point and certificate both set). */
export interface SamlSpSettings {
  entryPoint: string;
  idpCert: string;
  idpIssuer?: string | undefined;
  /** Stream's entity id; unset: the metadata's URL on the public origin. */
  issuer?: string | undefined;
  attributes: { email: string; name: string; groups: string };
  /** How long a started sign-in may take at the IdP: an older request's answer is refused. */
  requestMs: number;
}

/** The AuthnRequest a sign-in sent: its response must answer it (InResponseTo), once. */
export interface SentRequest {
  id: string;
  /** When it was made (ISO 8601), as node-saml keeps it. */
  instant: string;
}

/** A sign-in the IdP's answer does not complete: said to the person, nothing issued. */
export class SamlSignInError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SamlSignInError';
  }
}

const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/**
 * Stream as a SAML 2.0 service provider (@node-saml/node-saml): AuthnRequests by HTTP-Redirect,
 * responses at the ACS by HTTP-POST. An assertion counts only signed by SAML_IDP_CERT, for Stream's
 * audience, within its time (NotBefore, NotOnOrAfter), and answering the one request this sign-in
 * sent (InResponseTo): an unsolicited (IdP-initiated) response is refused. Each call makes its own
 * node-saml instance around the request it concerns, so the check is against the request stored
 * for this sign-in (saml-login.repository.ts), not a process's memory.
 */
export class SamlServiceProvider {
  constructor(private readonly settings: SamlSpSettings) {}

  entityId(origin: string): string {
    return this.settings.issuer ?? new URL(SAML_METADATA_PATH, origin).toString();
  }

  private saml(origin: string, cacheProvider: CacheProvider): SAML {
    const { entryPoint, idpCert, idpIssuer, requestMs } = this.settings;
    return new SAML({
      entryPoint,
      idpCert,
      ...(idpIssuer ? { idpIssuer } : {}),
      issuer: this.entityId(origin),
      audience: this.entityId(origin),
      callbackUrl: new URL(SAML_ACS_PATH, origin).toString(),
      wantAssertionsSigned: true,
      // Most IdPs sign the assertion only; a signature on the response too is checked when there.
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: requestMs,
      cacheProvider,
      // The IdP chooses the NameID's format (a transient one is refused at the ACS).
      identifierFormat: null,
      // Asking for password authentication would turn away people who sign in otherwise (a passkey, MFA).
      disableRequestedAuthnContext: true,
      acceptedClockSkewMs: 60_000,
      signatureAlgorithm: 'sha256',
    });
  }

  /** The IdP's URL for a new AuthnRequest carrying `relayState`, and that request. */
  async begin(origin: string, relayState: string): Promise<{ url: string; request: SentRequest }> {
    let request: SentRequest | undefined;
    const keep: CacheProvider = {
      saveAsync: async (id, instant) => {
        request = { id, instant };
        return { value: instant, createdAt: Date.now() };
      },
      getAsync: async () => null,
      removeAsync: async () => null,
    };
    const url = await this.saml(origin, keep).getAuthorizeUrlAsync(relayState, undefined, {});
    if (!request) throw new Error('node-saml made an AuthnRequest without telling its ID');
    return { url, request };
  }

  /** The person the ACS's `SAMLResponse` vouches for, answering `sent`; SamlSignInError for anything else. */
  async finish(origin: string, sent: SentRequest, samlResponse: string): Promise<VouchedPerson> {
    const only: CacheProvider = {
      saveAsync: async () => null,
      getAsync: async (id) => (id === sent.id ? sent.instant : null),
      removeAsync: async () => null,
    };
    let profile: Profile | null;
    try {
      ({ profile } = await this.saml(origin, only).validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (error) {
      throw new SamlSignInError(`The identity provider's answer was refused: ${explain(error)}`, { cause: error });
    }
    if (!profile) throw new SamlSignInError('The identity provider answered without an assertion');
    return this.person(profile);
  }

  private person(profile: Profile): VouchedPerson {
    const { attributes: names } = this.settings;
    if (!profile.issuer) throw new SamlSignInError('The assertion names no Issuer');
    if (!profile.nameID) throw new SamlSignInError('The assertion names nobody (no NameID)');
    if (profile.nameIDFormat === TRANSIENT)
      throw new SamlSignInError(
        'The identity provider sent a transient NameID, which changes at each sign-in: ask your admin to send a persistent or email NameID',
      );
    const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
    const first = (value: unknown) => {
      const one = Array.isArray(value) ? (value as unknown[])[0] : value;
      return typeof one === 'string' && one.trim() ? one.trim() : undefined;
    };
    const email =
      first(attributes[names.email]) ?? (profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : undefined);
    return {
      issuer: profile.issuer,
      sub: profile.nameID,
      email: email?.toLowerCase(),
      // SAML has no email_verified: the address is the signed word of the IdP the admin chose.
      emailVerified: email !== undefined,
      name: first(attributes[names.name]),
      all: attributes,
    };
  }

  /** Stream's SP metadata for the IdP's admin: entity id, ACS (HTTP-POST), signed assertions wanted. */
  metadata(origin: string): string {
    const none: CacheProvider = {
      saveAsync: async () => null,
      getAsync: async () => null,
      removeAsync: async () => null,
    };
    return this.saml(origin, none).generateServiceProviderMetadata(null, null);
  }
}

/** node-saml's reason, in a person's words where it is one of the usual. */
function explain(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
  if (/^Invalid signature/.test(message))
    return 'its assertion is not signed by the identity provider’s certificate (SAML_IDP_CERT)';
  if (/InResponseTo/.test(message))
    return 'it answers no sign-in started here, or one already finished: start again from the sign-in page';
  if (/audience mismatch/.test(message)) return `it is meant for another service (${message})`;
  if (/expired|NotOnOrAfter|NotBefore/i.test(message)) return `it is out of its time (${message})`;
  // node-saml's word for a bearer confirmation past its NotOnOrAfter (or before its NotBefore).
  if (/subject confirmation/i.test(message)) return `it is out of its time, or not for this sign-in (${message})`;
  return message;
}

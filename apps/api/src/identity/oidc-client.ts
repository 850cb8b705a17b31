import * as client from 'openid-client';

/** The OpenID Connect settings of config.ts, all three of issuer, client id and secret set. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  tokenAuth: 'client_secret_basic' | 'client_secret_post';
}

/** What the callback needs to finish a sign-in it began: kept server-side, never in the browser. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** The verified ID token's claims Stream reads. */
export interface IdentityClaims {
  issuer: string;
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  /** The ID token itself, kept with the session for the provider's logout (`id_token_hint`). */
  idToken?: string;
  /** Every claim of the ID token, for what OIDC_GROUPS_CLAIM, OIDC_QUOTA_CLAIM name (identity/directory-claims.ts). */
  all?: Record<string, unknown>;
}

/** A sign-in the provider's answer does not complete: said to the person, nothing issued. */
export class OidcSignInError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OidcSignInError';
  }
}

/**
 * Stream as an OpenID Connect relying party (openid-client): discovery once (again after a
 * failure), authorization code with PKCE, `state` and `nonce`. The ID token's signature is
 * checked against the provider's JWKS (openid-client's non-repudiation checks; without them it
 * trusts the token endpoint's TLS alone), besides issuer, audience, expiry and nonce.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {}

  private discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret, tokenAuth } = this.settings;
    const auth =
      tokenAuth === 'client_secret_post'
        ? client.ClientSecretPost(clientSecret)
        : client.ClientSecretBasic(clientSecret);
    // config.ts lets an http:// issuer through only on loopback.
    const execute = [client.enableNonRepudiationChecks];
    if (new URL(issuer).protocol === 'http:') execute.push(client.allowInsecureRequests);
    this.configuration ??= client
      .discovery(new URL(issuer), clientId, undefined, auth, { execute })
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw new OidcSignInError(`The identity provider ${issuer} could not be reached: ${messageOf(error)}`, {
          cause: error,
        });
      });
    return this.configuration;
  }

  /** Where to send the browser, and what its callback must then match. */
  async begin(redirectUri: string): Promise<{ url: URL; pending: PendingSignIn }> {
    const configuration = await this.discover();
    const codeVerifier = client.randomPKCECodeVerifier();
    const pending = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier, redirectUri };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes.join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  /**
   * The claims of the ID token the provider answers for the callback's `query`; OidcSignInError
   * for an error answer, a code already used, a state or nonce that does not match, or an ID token
   * that is not the provider's for this client now.
   */
  async finish(pending: PendingSignIn, query: URLSearchParams): Promise<IdentityClaims> {
    const configuration = await this.discover();
    const currentUrl = new URL(pending.redirectUri);
    currentUrl.search = query.toString();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new OidcSignInError(`The identity provider's answer was refused: ${messageOf(error)}`, { cause: error });
    }
    const claims = tokens.claims();
    if (!claims) throw new OidcSignInError('The identity provider answered without an ID token');
    return {
      issuer: claims.iss,
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : undefined,
      idToken: tokens.id_token,
      all: { ...claims },
    };
  }

  /**
   * The provider's RP-initiated logout URL, when it offers one (`end_session_endpoint`): back to
   * `postLogoutRedirectUri` afterwards (which the client must have registered at the provider), with
   * the session's ID token as `id_token_hint`, which providers ask before they skip their question or
   * follow that redirect.
   */
  async logoutUrl(postLogoutRedirectUri?: string, idTokenHint?: string): Promise<string | undefined> {
    const configuration = await this.discover().catch(() => undefined);
    if (!configuration?.serverMetadata().end_session_endpoint) return undefined;
    return client
      .buildEndSessionUrl(configuration, {
        client_id: this.settings.clientId,
        ...(postLogoutRedirectUri ? { post_logout_redirect_uri: postLogoutRedirectUri } : {}),
        ...(idTokenHint ? { id_token_hint: idTokenHint } : {}),
      })
      .toString();
  }
}

/** An error's message without any token in it (JWTs are three base64url parts). */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${message}${cause}`.replace(/[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, '[token]').slice(0, 300);
}

// The package ships no types: its declaration must come along into every program that imports this
// file (the API's tests, web-e2e), which only a reference does (the .d.ts is a script, not a module).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider-module.d.ts" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/** The claims the provider says of the next person who signs in. */
export interface PersonClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Any other claim (groups, a quota): in the ID token when its scope (startTestProvider's `scopes`) is asked for. */
  [claim: string]: unknown;
}

/** What a forged token endpoint answer is made from: the real provider's signing key and the request's nonce. */
export interface ForgeContext {
  issuer: string;
  clientId: string;
  nonce: string;
  /** The provider's own RS256 signing key (a token it signs verifies against its JWKS). */
  sign: (claims: Record<string, unknown>, options?: { alg?: string; key?: CryptoKey }) => Promise<string>;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The API's settings that make this provider Stream's OpenID Provider. */
  settings: { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };
  /** Makes the provider know Stream's callback (the API's address is known only once it listens). */
  attach(redirectUri: string): void;
  /** `attach` with the callback of the API at `baseUrl` (`/api/auth/oidc/callback`). */
  attachTo(baseUrl: string): void;
  /** Who signs in next (the interaction is completed for them without a form). */
  nextPerson(claims: PersonClaims): void;
  /** From now on the token endpoint answers this ID token instead of the provider's (undefined: the provider again). */
  forgeIdToken(forge: ((context: ForgeContext) => Promise<string>) | undefined): void;
  /** Token endpoint requests seen (their Authorization header), to tell how the client authenticated. */
  tokenRequests: { authorization?: string }[];
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (panva's oidc-provider) on 127.0.0.1: discovery, JWKS, authorization
 * code with PKCE, RP-initiated logout, and a static confidential client. Its interaction (login
 * and consent) is completed at once for the person `nextPerson` names, so a test drives the whole
 * sign-in over HTTP; nothing it serves loads anything from elsewhere.
 */
export async function startTestProvider(
  options: {
    tokenAuth?: 'client_secret_basic' | 'client_secret_post';
    /**
     * A login page a browser fills in (a "Username" field taking a person's `sub` or email, and a
     * "Sign in" button) instead of completing the interaction at once; it loads nothing from elsewhere.
     */
    loginPage?: boolean;
    /**
     * The loopback address it listens on (default 127.0.0.1). Another one, such as 127.0.0.2, is
     * another site to a browser: its redirect back to Stream is cross-site, as a real provider's is.
     */
    host?: string;
    /** More scopes and the claims each grants, e.g. `{ groups: ['groups'] }`. */
    scopes?: Record<string, string[]>;
  } = {},
): Promise<TestProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (!handler) return void res.writeHead(503).end('provider not attached');
    handler(req, res);
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const clientId = 'stream-test';
  const clientSecret = 'a-client-secret-of-the-tests-0123456789';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const people = new Map<string, PersonClaims>();
  let next: PersonClaims | undefined;
  let forge: ((context: ForgeContext) => Promise<string>) | undefined;
  let lastNonce = '';
  const tokenRequests: TestProvider['tokenRequests'] = [];

  const sign: ForgeContext['sign'] = async (claims, signOptions = {}) => {
    const alg = signOptions.alg ?? 'RS256';
    if (alg === 'none') {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
    }
    return new SignJWT(claims)
      .setProtectedHeader({ alg, kid: 'test-key', typ: 'JWT' })
      .sign(signOptions.key ?? privateKey);
  };

  const testProvider: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    settings: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    tokenRequests,
    attachTo(baseUrl) {
      testProvider.attach(`${baseUrl}/api/auth/oidc/callback`);
    },
    attach(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            // Stream's sign-in page, where the provider's logout sends the browser back (RP-initiated logout).
            post_logout_redirect_uris: [`${new URL(redirectUri).origin}/login`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: options.tokenAuth ?? 'client_secret_basic',
          },
        ],
        jwks: { keys: [jwk] },
        // The ID token carries the profile and email claims (as Keycloak's, Entra ID's and Google's do).
        conformIdTokenClaims: false,
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], ...options.scopes },
        findAccount: (_ctx: unknown, id: string) => {
          const person = people.get(id);
          return person && { accountId: id, claims: () => ({ ...person }) };
        },
        features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        pkce: { required: () => true },
        cookies: { keys: ['test-cookie-key-0123456789'] },
      });
      const callback = provider.callback();
      handler = (req, res) => {
        const url = new URL(req.url ?? '/', issuer);
        if (url.pathname === '/auth') lastNonce = url.searchParams.get('nonce') ?? '';
        if (url.pathname.startsWith('/interaction/')) return void interact(provider, req, res);
        if (url.pathname === '/token' && req.method === 'POST') return void token(req, res, callback);
        callback(req, res);
      };
    },
    nextPerson(claims) {
      next = claims;
      people.set(claims.sub, claims);
    },
    forgeIdToken(value) {
      forge = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return testProvider;

  async function interact(provider: Provider, req: IncomingMessage, res: ServerResponse) {
    try {
      const details = await provider.interactionDetails(req, res);
      let person = next;
      if (options.loginPage) {
        if (req.method !== 'POST') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          return void res.end(
            `<!doctype html><meta charset="utf-8"><title>Test provider: sign in</title><h1>Sign in to the test provider</h1>` +
              `<form method="post" action="/interaction/${details.uid}"><label>Username <input name="login" autofocus></label>` +
              `<button type="submit">Sign in</button></form>`,
          );
        }
        let body = '';
        for await (const chunk of req) body += String(chunk);
        const login = new URLSearchParams(body).get('login') ?? '';
        person = [...people.values()].find((claims) => claims.sub === login || claims.email === login);
        if (!person) return void res.writeHead(400, { 'content-type': 'text/plain' }).end(`No such person: ${login}`);
      }
      if (!person) throw new Error('the test named nobody to sign in');
      const grant = new provider.Grant({ accountId: person.sub, clientId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: person.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  }

  async function token(
    req: IncomingMessage,
    res: ServerResponse,
    callback: (req: IncomingMessage, res: ServerResponse) => void,
  ) {
    tokenRequests.push({ authorization: req.headers.authorization });
    if (!forge) return callback(req, res);
    for await (const _chunk of req); // the form is not read: the answer is forged whatever it says
    const idToken = await forge({ issuer, clientId, nonce: lastNonce, sign });
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ access_token: 'forged', token_type: 'Bearer', expires_in: 60, id_token: idToken }));
  }
}

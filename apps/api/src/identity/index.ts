import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { TokenVerifier } from '../platform/auth/token-verifier';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import { DirectoryClaims } from './directory-claims';
import { OidcClient } from './oidc-client';
import { registerOidcRoutes } from './oidc.routes';
import { OidcSignIn } from './oidc-sign-in.service';
import { SAML_SIGN_IN_MINUTES } from './saml-login.repository';
import { registerSamlRoutes } from './saml.routes';
import { SamlSignIn } from './saml-sign-in.service';
import { SamlServiceProvider } from './saml-sp';
import { registerScimRoutes } from './scim.routes';
import { ScimUserService } from './scim-user.service';
import { ScimGroupService } from './scim-group.service';
import type { ScimTokens } from './scim-token';
import { DirectoryTeamService } from '../teams';
import { registerSessionRoutes } from './session.routes';
import { acceptingSessions, SessionTokens } from './session-tokens';
import { SessionService } from './session.service';

export { ACCESS_TOKEN_SECONDS, SessionTokens, acceptingSessions } from './session-tokens';
export { SessionService } from './session.service';
export { ScimTokens } from './scim-token';

/** The provider's settings when sign-in by OpenID Connect is on (config.ts asks all three or none). */
const oidcSettings = ({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret }: Config) =>
  issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : undefined;

/** The organisation's sign-ins that are on (OpenID Connect, SAML), with their buttons' names, for GET /api/config. */
export const signInAnswers = (config: Config) => ({ oidc: oidcAnswer(config), saml: samlAnswer(config) });

/** Whether sign-in by OpenID Connect is on, and its button's name, for GET /api/config. */
export const oidcAnswer = (config: Config) => (oidcSettings(config) ? { name: config.OIDC_NAME } : undefined);

/** The IdP's settings when sign-in by SAML 2.0 is on (config.ts asks both or neither). */
const samlSettings = (config: Config) =>
  config.SAML_ENTRY_POINT && config.SAML_IDP_CERT
    ? {
        entryPoint: config.SAML_ENTRY_POINT,
        idpCert: config.SAML_IDP_CERT,
        idpIssuer: config.SAML_IDP_ISSUER,
        issuer: config.SAML_ISSUER,
        attributes: {
          email: config.SAML_EMAIL_ATTRIBUTE,
          name: config.SAML_NAME_ATTRIBUTE,
          groups: config.SAML_GROUPS_ATTRIBUTE,
        },
        requestMs: SAML_SIGN_IN_MINUTES * 60_000,
      }
    : undefined;

/** Whether sign-in by SAML 2.0 is on, and its button's name, for GET /api/config. */
export const samlAnswer = (config: Config) => (samlSettings(config) ? { name: config.SAML_NAME } : undefined);

/**
 * Identity: OpenID Connect and SAML 2.0 sign-in (each when configured) and Stream's own sessions. Registers the
 * routes and answers `verifier` also taking session access tokens, for the same `User`.
 */
export function wireIdentity(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Kysely<Database>;
    /** URL_SIGNING_SECRET (or this process's random one): the access tokens' key is derived from it. */
    signingSecret: string;
    /** Throws AccountRefusedError for a person the instance turns away now (disabled, the sign-up policy). */
    admit: (user: User, hint?: { directoryAdmin?: boolean }) => Promise<unknown>;
    /** Writes a person's row from their claims, in `db` (maybe a transaction). */
    record: (user: User, db: Kysely<Database>) => Promise<unknown>;
    /** Disables (or enables) a person as an admin does: the directory's deprovisioning (SCIM). */
    setDisabled: (uid: string, disabled: boolean) => Promise<void>;
    /** The token SCIM takes (also rotated by /admin). */
    scimTokens: ScimTokens;
    /** Told when a team's signed URLs were revoked (a person left a team by their directory groups). */
    generations?: { forgetAll(): void };
    log?: Pick<Logger, 'warn'>;
  },
): { verifier: (verifier: TokenVerifier) => TokenVerifier } {
  const { config, db } = deps;
  const tokens = new SessionTokens(deps.signingSecret, Date.now, config.SESSION_ACCESS_SECONDS);
  const admit = async (user: User, hint?: { directoryAdmin?: boolean }) => void (await deps.admit(user, hint));
  const sessions = new SessionService({ db, tokens, admit });
  const provider = oidcSettings(config);
  const client = provider
    ? new OidcClient({ ...provider, scopes: config.OIDC_SCOPES, tokenAuth: config.OIDC_TOKEN_AUTH })
    : undefined;
  // One mapping of groups to admins, teams and quota, read from each protocol's own groups field.
  const directoryFor = (groupsClaim: string, label: string) =>
    new DirectoryClaims({
      db,
      settings: {
        groupsClaim,
        label,
        adminGroups: config.OIDC_ADMIN_GROUPS,
        teamGroups: config.OIDC_TEAM_GROUPS,
        quotaClaim: config.OIDC_QUOTA_CLAIM,
      },
      generations: deps.generations,
      log: deps.log,
    });
  if (client) {
    const directory = directoryFor(config.OIDC_GROUPS_CLAIM, 'OpenID Connect sign-in');
    const signIn = new OidcSignIn({ db, client, sessions, admit, record: deps.record, directory });
    registerOidcRoutes(app, { signIn, publicUrl: config.PUBLIC_URL });
  }
  const idp = samlSettings(config);
  if (idp) {
    const sp = new SamlServiceProvider(idp);
    const directory = directoryFor(idp.attributes.groups, 'SAML sign-in');
    const signIn = new SamlSignIn({ db, sp, sessions, admit, record: deps.record, directory });
    registerSamlRoutes(app, { signIn, sp, publicUrl: config.PUBLIC_URL });
  }
  // SCIM 2.0 provisioning answers only while it has a token (SCIM_TOKEN or one rotated from /admin).
  registerScimRoutes(app, {
    tokens: deps.scimTokens,
    users: new ScimUserService({ db, setDisabled: deps.setDisabled }),
    groups: new ScimGroupService({ db, teams: new DirectoryTeamService({ db, generations: deps.generations }) }),
    publicUrl: config.PUBLIC_URL,
  });
  registerSessionRoutes(app, { sessions, client, publicUrl: config.PUBLIC_URL });
  return { verifier: (verifier) => acceptingSessions(verifier, tokens) };
}

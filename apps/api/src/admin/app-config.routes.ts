import type { FastifyInstance } from 'fastify';

export interface AppConfig {
  /** The longest recording /record makes, in seconds; null: no limit. */
  readonly maxRecordingSeconds: number | null;
  /**
   * host:port of the Firebase Auth emulator this server trusts (FIREBASE_AUTH_EMULATOR_HOST), where
   * the web app signs in whatever address it was built with; absent with a real Firebase project.
   */
  readonly authEmulatorHost?: string;
  /**
   * `off` (FIREBASE_AUTH=off): no Firebase at all, the app never starts it and signs people in only
   * through the organisation. Absent: Firebase is on, as before this field existed.
   */
  readonly firebaseAuth?: 'off';
  /** Sign-in by OpenID Connect is on (OIDC_ISSUER…): the sign-in page offers "Continue with {name}". */
  readonly oidc?: { readonly name: string };
  /** Sign-in by SAML 2.0 is on (SAML_ENTRY_POINT…): the sign-in page offers "Continue with {name}". */
  readonly saml?: { readonly name: string };
}

/**
 * GET /api/config: the server settings the web app follows (docs/architecture.md, Defaults and
 * scale). Public: it holds nothing about anyone, and the app reads it before anyone signs in.
 */
export function registerAppConfigRoute(
  app: FastifyInstance,
  config: {
    maxRecordingSeconds?: number | undefined;
    authEmulatorHost?: string | undefined;
    firebaseAuth?: 'on' | 'off';
    oidc?: { name: string } | undefined;
    saml?: { name: string } | undefined;
  },
) {
  const body: AppConfig = {
    maxRecordingSeconds: config.maxRecordingSeconds ?? null,
    ...(config.authEmulatorHost ? { authEmulatorHost: config.authEmulatorHost } : {}),
    ...(config.firebaseAuth === 'off' ? { firebaseAuth: 'off' as const } : {}),
    ...(config.oidc ? { oidc: config.oidc } : {}),
    ...(config.saml ? { saml: config.saml } : {}),
  };
  app.get('/api/config', async (_request, reply) => reply.header('cache-control', 'no-cache').send(body));
}

import type { Config } from '../../config';

export interface DeploymentCheck {
  /** Each a line; any one stops the process before it opens anything. */
  refusals: string[];
  /** Each a line, said at start whatever LOG_LEVEL says. */
  warnings: string[];
}

/** The example values of docs/deploy/stream.env (`change-me…`), never fit to run with. */
const PLACEHOLDER = /change-?me/i;

/**
 * What a process must not start with, and what it should say at start. Production is
 * NODE_ENV=production (`npm run serve`, the systemd units of docs/deploy): it needs PUBLIC_URL (links
 * never follow a request's Host) and DATABASE_URL (two processes must never each keep their own
 * embedded database), and refuses the Auth emulator and the placeholder secrets of the example
 * settings. Elsewhere those are warnings. No line holds a secret.
 */
export function checkDeployment(config: Config, role: 'api' | 'worker'): DeploymentCheck {
  const production = config.NODE_ENV === 'production';
  const refusals: string[] = [];
  const warnings: string[] = [];
  const inProduction = 'in production (NODE_ENV=production)';

  for (const name of placeholderSecrets(config)) {
    const line = `${name} is the placeholder of docs/deploy/stream.env: ${PLACEHOLDER_ADVICE[name] ?? 'set a random value (openssl rand -hex 32)'}`;
    (production ? refusals : warnings).push(line);
  }
  if (production && !config.DATABASE_URL && role === 'api') {
    refusals.push(
      `DATABASE_URL is unset ${inProduction}: each process would keep its own embedded database in ${config.DATA_DIR}/db; set a postgres:// URL`,
    );
  }
  if (role === 'worker') return { refusals, warnings };

  if (production && !config.URL_SIGNING_SECRET) {
    refusals.push(
      `URL_SIGNING_SECRET is unset ${inProduction}: each process would sign stream links with its own random key, which dies on restart and other APIs refuse; set one value for every API (openssl rand -base64 32)`,
    );
  }
  if (production && !adminsNamed(config)) {
    refusals.push(
      `ADMIN_EMAILS is unset ${inProduction}: nobody would be the admin of /admin (outside production the first person to sign in is, which a public server must not leave to a race); set the admins' email addresses, comma separated, e.g. ADMIN_EMAILS=you@example.com (each counts once its owner signs in with that address verified), or with OpenID Connect OIDC_ADMIN_GROUPS, the directory groups whose members are admins`,
    );
  }
  if (production && !config.PUBLIC_URL) {
    refusals.push(
      `PUBLIC_URL is unset ${inProduction}: share links need the origin people reach the product at, e.g. PUBLIC_URL=https://stream.example.com`,
    );
  }
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    if (production) {
      refusals.push(
        `FIREBASE_AUTH_EMULATOR_HOST is set ${inProduction}: the emulator's ID tokens are not verified; unset it and set FIREBASE_PROJECT_ID`,
      );
    } else if (config.FIREBASE_AUTH_EMULATOR_THROUGH_PROXY) {
      warnings.push(
        'WARNING: FIREBASE_AUTH_EMULATOR_THROUGH_PROXY=true: unverified Auth emulator tokens are accepted even through a proxy, so anyone who reaches the proxy can act as anyone. Development only.',
      );
    }
  } else if (config.FIREBASE_AUTH_EMULATOR_THROUGH_PROXY) {
    warnings.push('FIREBASE_AUTH_EMULATOR_THROUGH_PROXY is set without FIREBASE_AUTH_EMULATOR_HOST: it does nothing');
  }
  if (config.TRUST_PROXY === true) {
    warnings.push(
      'TRUST_PROXY=true believes every X-Forwarded-For hop, which clients can write (rate limits by address can be dodged): name your proxies instead, e.g. TRUST_PROXY=127.0.0.1',
    );
  }
  return { refusals, warnings };
}

/**
 * Whether the settings name who the admins are: ADMIN_EMAILS, or OIDC_ADMIN_GROUPS with OpenID
 * Connect or SAML on (either one will do; admin/instance-admins.ts asks both).
 */
export function adminsNamed(
  config: Pick<Config, 'ADMIN_EMAILS' | 'OIDC_ADMIN_GROUPS' | 'OIDC_ISSUER' | 'SAML_ENTRY_POINT'>,
): boolean {
  const groupsArrive = !!config.OIDC_ISSUER || !!config.SAML_ENTRY_POINT;
  return !!config.ADMIN_EMAILS?.length || (!!config.OIDC_ADMIN_GROUPS?.length && groupsArrive);
}

/** What to do instead of a placeholder, where a random value is not the answer. */
const PLACEHOLDER_ADVICE: Record<string, string> = {
  S3_ACCESS_KEY_ID:
    "set the access key your bucket's provider issued (AWS: aws iam create-access-key; MinIO: mc admin user add)",
  S3_SECRET_ACCESS_KEY: "set the secret key your bucket's provider issued with S3_ACCESS_KEY_ID",
  'DATABASE_URL (its password)':
    "set the password of the database role (openssl rand -hex 32 makes one that needs no escaping in a URL; percent-encode any '/', '+', '=', '@' or ':' of another)",
  ADMIN_EMAILS: "name the admins' email addresses, comma separated",
};

/** The settings that still hold an example value, by name. */
function placeholderSecrets(config: Config): string[] {
  const secrets: [string, string | undefined][] = [
    ['URL_SIGNING_SECRET', config.URL_SIGNING_SECRET],
    ['METRICS_TOKEN', config.METRICS_TOKEN],
    ['S3_ACCESS_KEY_ID', config.S3_ACCESS_KEY_ID],
    ['S3_SECRET_ACCESS_KEY', config.S3_SECRET_ACCESS_KEY],
    ['DATABASE_URL (its password)', databasePassword(config.DATABASE_URL)],
    ['ADMIN_EMAILS', config.ADMIN_EMAILS?.join(',')],
  ];
  return secrets.filter(([, value]) => value !== undefined && PLACEHOLDER.test(value)).map(([name]) => name);
}

function databasePassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return undefined;
  }
}

/** The one line that says which database this process uses (no password). */
export function describeDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (!config.DATABASE_URL) return `database: embedded (PGlite) in ${config.DATA_DIR}/db, for this process only`;
  const url = new URL(config.DATABASE_URL);
  const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
  return `database: PostgreSQL ${user}${url.host}${url.pathname}`;
}

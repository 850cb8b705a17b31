import { resolve } from 'node:path';
import { z } from 'zod';
import { directorySettings } from './identity/directory-settings';
import { samlBothOrNone, samlSettings } from './identity/saml-settings';
import { parseTrustProxy } from './platform/http/trust-proxy';

const workspaceRoot = resolve(import.meta.dirname, '../../..');

const port = z.coerce.number().int().min(0).max(65535);
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));
const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const url = z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' });
const trustProxy = z
  .string()
  .optional()
  .transform((value, context) => {
    try {
      return parseTrustProxy(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

/** Settings whose values never appear in an error (DATABASE_URL's password is masked instead). */
const SECRETS = new Set([
  'URL_SIGNING_SECRET',
  'METRICS_TOKEN',
  'S3_SECRET_ACCESS_KEY',
  'S3_ACCESS_KEY_ID',
  'SMTP_URL',
  'TRANSCRIBE_API_KEY',
  'SUMMARY_API_KEY',
  'OIDC_CLIENT_SECRET',
  'SCIM_TOKEN',
]);

/** Every setting the server reads, from environment variables, checked once at start. */
const DATABASE_URL_HINT =
  "expected a postgres:// URL such as postgres://stream:PASSWORD@127.0.0.1:5432/stream; percent-encode a '/', '@', ':', '#' or '?' in the password (%2F, %40, %3A, %23, %3F), or make one with openssl rand -hex 32, which needs none";

/** The path, query and fragment of a URL; empty for one that does not parse (z.url says so). */
function afterHost(value: string): string {
  if (!URL.canParse(value)) return '';
  const parsed = new URL(value);
  return parsed.pathname + parsed.search + parsed.hash;
}

/**
 * OpenID Connect sign-in (identity/): the provider's issuer (discovery at
 * `{issuer}/.well-known/openid-configuration`) and Stream's client there. `http://` only on
 * loopback (tests, a provider on the same machine): elsewhere its tokens would cross the network in clear.
 */
const oidcSettings = {
  OIDC_ISSUER: optionalString.pipe(
    url
      .refine(
        (value) => URL.canParse(value) && (new URL(value).protocol === 'https:' || isLoopback(new URL(value).hostname)),
        'expected an https:// issuer (http:// only on 127.0.0.1, ::1 or localhost)',
      )
      .optional(),
  ),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  /** The button's name on the sign-in page: "Continue with {OIDC_NAME}". */
  OIDC_NAME: optionalString.transform((value) => value ?? 'SSO').pipe(z.string().max(60, 'at most 60 characters')),
  /** Space-separated scopes asked for; `openid` is always among them. */
  OIDC_SCOPES: optionalString.transform((value) => {
    const scopes = (value ?? 'openid email profile').split(/\s+/).filter(Boolean);
    return scopes.includes('openid') ? scopes : ['openid', ...scopes];
  }),
  /** How Stream authenticates at the provider's token endpoint. */
  OIDC_TOKEN_AUTH: optionalString.pipe(
    z.enum(['client_secret_basic', 'client_secret_post']).default('client_secret_basic'),
  ),
  /** Groups, admin groups, teams by group and the quota claim: what the claims decide at each sign-in. */
  ...directorySettings,
  /**
   * How long a Stream session's access token is good (after OpenID Connect or SAML): an open page
   * refreshes before then, so a person the directory disabled is signed out within it even on a page
   * doing nothing. Shorter: sooner, at a refresh per this many seconds of each open page.
   */
  SESSION_ACCESS_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
};

const OIDC_TRIO = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

/** OIDC is on with all three of its settings, off with none; a part of them is a mistake said at start. */
function oidcAllOrNone(config: Partial<Record<(typeof OIDC_TRIO)[number], string>>, context: z.RefinementCtx) {
  const missing = OIDC_TRIO.filter((name) => !config[name]);
  if (missing.length === 0 || missing.length === OIDC_TRIO.length) return;
  for (const name of missing)
    context.addIssue({
      code: 'custom',
      path: [name],
      message: `OpenID Connect needs ${OIDC_TRIO.join(', ')} together: ${name} is missing`,
    });
}

/**
 * The organisation's ways in besides Firebase, each saying whether the settings turn it on. With
 * FIREBASE_AUTH=off one of them must be: a second protocol (SAML) adds itself here.
 */
const organisationSignIns: { settings: string; on: (config: Partial<Record<string, unknown>>) => boolean }[] = [
  { settings: OIDC_TRIO.join(', '), on: (config) => OIDC_TRIO.every((name) => !!config[name]) },
  { settings: 'SAML_ENTRY_POINT, SAML_IDP_CERT', on: (config) => !!config.SAML_ENTRY_POINT && !!config.SAML_IDP_CERT },
];

/** FIREBASE_AUTH=off leaves sign-in to the organisation alone: without one of its ways configured, nobody could sign in. */
function someoneCanSignIn(
  config: { FIREBASE_AUTH: 'on' | 'off' } & Partial<Record<string, unknown>>,
  context: z.RefinementCtx,
) {
  if (config.FIREBASE_AUTH === 'on' || organisationSignIns.some((way) => way.on(config))) return;
  context.addIssue({
    code: 'custom',
    path: ['FIREBASE_AUTH'],
    message: `with Firebase sign-in off nobody could sign in: set your organisation's sign-in (${organisationSignIns.map((way) => way.settings).join('; or ')}; docs/deploy.md, Sign-in with your organisation), or unset FIREBASE_AUTH`,
  });
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

export const configSchema = z
  .object({
    PORT: port.default(8080),
    /** Address to listen on; unset: 0.0.0.0, or 127.0.0.1 with FIREBASE_AUTH_EMULATOR_HOST (see platform/http/listen-host.ts). */
    HOST: optionalString,
    /** The Firebase Auth emulator (host:port): its tokens are accepted UNVERIFIED. Development and tests only. */
    FIREBASE_AUTH_EMULATOR_HOST: optionalString,
    /**
     * `production` turns on the production rules (platform/startup/deployment-rules.ts): PUBLIC_URL and
     * DATABASE_URL required, no Auth emulator, no placeholder secrets. `npm run serve` sets it.
     */
    NODE_ENV: optionalString,
    /**
     * Development only: accept the emulator's unverified tokens also from requests that came through a
     * proxy (X-Forwarded-*, Forwarded, X-Real-IP, Via, or a TRUST_PROXY peer). Logged loudly at start.
     */
    FIREBASE_AUTH_EMULATOR_THROUGH_PROXY: boolean.default(false),
    /**
     * The reverse proxies whose X-Forwarded-For/-Host/-Proto are believed (client address, link
     * origin): their addresses or CIDRs (`127.0.0.1`, `10.0.0.0/8,::1`), or a hop count. `true`
     * believes every hop, which any client can write: kept for old settings, warned about.
     */
    TRUST_PROXY: trustProxy,
    /** Built web app served at `/`; absent in tests of the API alone. */
    WEB_DIST: z.string().default(resolve(workspaceRoot, 'apps/web/dist')),
    /** Embedded database (`DATA_DIR/db`) and local blobs (`DATA_DIR/blobs`). */
    DATA_DIR: z.string().min(1).default(resolve(workspaceRoot, 'data')),
    /** PostgreSQL instead of the embedded PGlite, e.g. postgres://user:pass@host:5432/stream. */
    DATABASE_URL: optionalString.pipe(
      z
        .url({ protocol: /^postgres(ql)?$/, message: DATABASE_URL_HINT })
        // A '/', '?' or '#' in a password can still parse (postgres://role:/abc@host/db is host "role"
        // with an empty port and a path): the '@' then sits after the host, where no database name has one.
        .refine((value) => !/@/.test(afterHost(value)), DATABASE_URL_HINT)
        .optional(),
    ),
    /** An S3-compatible bucket instead of DATA_DIR/blobs. */
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString.pipe(url.optional()),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: boolean.default(false),
    /** With S3: the `url` and `thumbnail_url` the RPCs return are presigned GETs of the bucket (bytes skip Node). */
    S3_PRESIGNED_READS: boolean.default(false),
    /**
     * Behind nginx: the prefix of the `internal` location that serves blobs (docs/deploy.md), e.g.
     * `/_stream_blobs/` (local disk: alias of DATA_DIR/blobs) or `/_stream_s3/` (S3: a proxy to the
     * bucket). The API still checks every read of a video, thumbnail, storyboard or captions
     * (signature, access, revocation, range) and answers `X-Accel-Redirect: <prefix><blob key>` (S3:
     * the path and query of a one-minute presigned GET), and nginx sends the bytes. Unset: Node sends them.
     */
    ACCEL_REDIRECT: optionalString.pipe(
      z
        .string()
        .regex(/^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+\/$/, 'expected a location prefix such as /_stream_blobs/')
        .optional(),
    ),
    /**
     * Without nginx, bodies of local blobs go from the page cache to the socket with
     * Linux's sendfile (HTTP/1.1 over plain TCP). `false`: Node copies them through its own buffers,
     * as on other systems (to compare, or on a kernel where sendfile misbehaves).
     */
    SENDFILE: boolean.default(true),
    /** Largest accepted upload, in bytes (default 2 GiB). */
    MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(2 * 1024 ** 3),
    /**
     * Each person's storage quota, in bytes, unless an admin gave them their own; unset:
     * unlimited. Uploads that would pass it are refused (the declared length, and every PATCH of a
     * recording uploading itself).
     */
    DEFAULT_QUOTA_BYTES: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().min(0).optional(),
    ),
    /**
     * The admins of /admin, by email, comma-separated (matched without regard to case; each counts
     * only with a verified address). Required in production (platform/startup/deployment-rules.ts); unset
     * elsewhere: the first person to sign in, recorded once (admin/instance-admins.ts).
     */
    ADMIN_EMAILS: optionalString.transform((value) =>
      value
        ? value
            .split(',')
            .map((email) => email.trim().toLowerCase())
            .filter(Boolean)
        : undefined,
    ),
    /** Calls one personal API key may make per minute (counted per API process). */
    API_KEY_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /** Longest recording /record makes, in seconds (it warns a minute before, then stops); unset: no limit. */
    MAX_RECORDING_SECONDS: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().positive().optional(),
    ),
    /** Resumable uploads (recordings that upload while they are made) idle this long are removed, bytes and video. */
    UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(24),
    /**
     * A resumable upload that receives no byte this long after its creation is removed with its
     * video: a recording sends its first chunk within seconds, so one that never does is abandoned
     * or someone creating uploads to make rows.
     */
    UPLOAD_FIRST_BYTES_MINUTES: z.coerce.number().positive().default(10),
    /**
     * `off`: no Firebase at all, neither a project nor the Auth emulator (no Firebase Admin, no
     * Firebase ID token accepted, the web app never starts Firebase); people sign in only through
     * the organisation (OIDC_*), which must then be configured. Default `on`.
     */
    FIREBASE_AUTH: z.enum(['on', 'off'], { message: 'expected on or off' }).default('on'),
    /** The Firebase project whose ID tokens are accepted. */
    FIREBASE_PROJECT_ID: z.string().min(1).default('demo-stream'),
    /**
     * Keys the signed stream URLs. Unset: random per process (links die on restart, and another API
     * refuses them), which production refuses (platform/startup/deployment-rules.ts).
     */
    URL_SIGNING_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** How long a signed stream or thumbnail URL stays valid. */
    SIGNED_URL_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(6 * 60 * 60),
    /** Origin of the product as people reach it, for absolute links (share links). */
    PUBLIC_URL: optionalString.pipe(url.optional()),
    /**
     * Mail: an SMTP server as nodemailer takes it, smtp://user:pass@host:587 (STARTTLS
     * when offered) or smtps://…:465; unset, no mail is sent and invite links are copied by hand.
     */
    SMTP_URL: optionalString.pipe(
      z.url({ protocol: /^smtps?$/, message: 'expected an smtp:// or smtps:// URL' }).optional(),
    ),
    /** The From of the mail sent, e.g. `Stream <stream@example.com>`; unset: Stream <no-reply@PUBLIC_URL's host>. */
    MAIL_FROM: optionalString,
    /**
     * Webhooks: `1` lets them reach loopback, private and link-local addresses (receivers
     * inside the operator's own network). Off by default: a user's URL could otherwise reach the
     * server's neighbours or the cloud metadata service.
     */
    WEBHOOK_ALLOW_PRIVATE: boolean.default(false),
    /** Attempts after the first before a webhook delivery is marked failed. */
    WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(6),
    /** Seconds before the first retry of a delivery; each next one waits about twice as long. */
    WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
    /** Least severe log line written; `warn` drops the per-request lines (like nginx's access_log off). */
    LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
    /** `json` (one object a line) or `pretty` (pino-pretty); unset: pretty when stdout is a terminal, else JSON. */
    LOG_FORMAT: optionalString.pipe(z.enum(['json', 'pretty']).optional()),
    /** Bearer token GET /metrics requires; unset, /metrics is not served. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    /** On SIGTERM: how long in-flight requests, uploads and the running job get before the process stops anyway. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).default(25),
    /**
     * /readyz answers not ready while the disk under DATA_DIR has less than this many MiB free: the
     * database and uploads would fail there, so a balancer should send requests elsewhere.
     */
    READY_MIN_FREE_MB: z.coerce.number().int().min(0).default(64),
    /** A worker process (`npm run serve:worker`) serves /healthz, /readyz and /metrics on this port (on HOST); unset: none. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** Run the processing worker inside the API process. */
    WORKER: boolean.default(true),
    /** Processing (see platform/processing/processing-config.ts): ffmpeg binaries and job timing. */
    FFMPEG_PATH: optionalString,
    FFPROBE_PATH: optionalString,
    PROCESSING_TIMEOUT_SECONDS: z.coerce.number().int().positive().optional(),
    PROCESSING_RETRY_LIMIT: z.coerce.number().int().min(0).optional(),
    PROCESSING_MAINTENANCE_SECONDS: z.coerce.number().int().positive().optional(),
    PROCESSING_POLL_SECONDS: z.coerce.number().min(0.5).max(3600).optional(),
    /**
     * Transcripts (media/transcribe): `off` makes none; `on` (the default) uses the
     * built-in engine (pocketsphinx, English) unless TRANSCRIBE_URL names an OpenAI-compatible server.
     */
    TRANSCRIBE: z.enum(['on', 'off']).default('on'),
    /** An OpenAI-compatible base URL (`http://127.0.0.1:8000/v1`): POST {base}/audio/transcriptions. */
    TRANSCRIBE_URL: optionalString.pipe(url.optional()),
    /** Sent as `Authorization: Bearer …` to TRANSCRIBE_URL. */
    TRANSCRIBE_API_KEY: optionalString,
    /** The `model` field sent to TRANSCRIBE_URL. */
    TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
    /**
     * Seconds of audio per piece (the video shows "Transcribing 40%" as pieces finish): 600 for
     * TRANSCRIBE_URL (19.2 MB of WAV, under the usual 25 MB request limit), 300 for the built-in engine.
     */
    TRANSCRIBE_CHUNK_SECONDS: z.coerce.number().int().min(1).max(1200).optional(),
    /**
     * An OpenAI-compatible chat base URL (`http://127.0.0.1:8000/v1`): POST
     * {base}/chat/completions suggests a summary and chapter titles from each finished transcript.
     * Unset: no summary or chapters are suggested (titles still are, from the transcript alone).
     */
    SUMMARY_URL: optionalString.pipe(url.optional()),
    /** Sent as `Authorization: Bearer …` to SUMMARY_URL. */
    SUMMARY_API_KEY: optionalString,
    /** The `model` field sent to SUMMARY_URL. */
    SUMMARY_MODEL: z.string().min(1).default('gpt-4o-mini'),
    ...oidcSettings,
    ...samlSettings,
    /** SCIM 2.0 provisioning at /scim/v2 (identity/scim.routes.ts): the directory's bearer token until an admin rotates one in /admin; unset: no /scim/v2 until then. */
    SCIM_TOKEN: optionalString.pipe(
      z.string().min(32, 'must be at least 32 characters (make one with openssl rand -hex 32)').optional(),
    ),
  })
  .superRefine(oidcAllOrNone)
  .superRefine(samlBothOrNone)
  .superRefine(someoneCanSignIn);

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.');
    return `${name}=${shown(name, env[name] ?? '')}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

/** A bad value as an error may show it: a secret by its length only, a database URL without its password. */
function shown(name: string, value: string): string {
  if (SECRETS.has(name)) return `<hidden, ${value.length} characters>`;
  if (name === 'DATABASE_URL') return JSON.stringify(value.replace(/(\/\/[^/:@]*:).*@/, '$1***@'));
  return JSON.stringify(value);
}

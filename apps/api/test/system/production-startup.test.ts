// What the built server (apps/api/dist) refuses to start with in production
// (NODE_ENV=production, as `npm run serve` and docs/deploy/stream.env set it), and what it says at
// start. Each refusal is one line naming the setting, with no secret in it.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { checkDeployment, describeDatabase } from '../../src/platform/startup/deployment-rules';
import { buildApi, ready, startBuilt } from '../support/built-api';
import { createPostgresDatabase } from '../support/test-database';

const children = new Set<ChildProcess>();
let scratch: string;
beforeAll(async () => {
  buildApi();
  scratch = await mkdtemp(join(tmpdir(), 'production-startup-'));
}, 60_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await rm(scratch, { recursive: true, force: true });
});

/** docs/deploy/stream.env as a systemd EnvironmentFile gives it. */
const shippedEnv = (): Record<string, string> =>
  Object.fromEntries(
    readFileSync(join(import.meta.dirname, '../../../../docs/deploy/stream.env'), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

/** A production setting that passes every rule; nothing listens at its database (refusals come first). */
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://stream.example.com',
  DATABASE_URL: 'postgres://stream:s3cret-db-password@127.0.0.1:1/stream',
  URL_SIGNING_SECRET: 'a-real-random-signing-secret-value',
  ADMIN_EMAILS: 'ops@example.com',
};

/** Starts `entry` with `env` and resolves with its exit code and what it printed. */
async function refused(env: Record<string, string>, entry: 'main' | 'worker' = 'main') {
  const process = await startBuilt(entry, { DATA_DIR: await mkdtemp(join(scratch, 'data-')), ...env }, children);
  const { code } = await process.exited;
  return { code, lines: process.output().trim().split('\n') };
}

describe('the built server in production', () => {
  it.each([
    ['PUBLIC_URL', { ...production, PUBLIC_URL: '' }, /^PUBLIC_URL is unset in production \(NODE_ENV=production\)/],
    [
      'FIREBASE_AUTH_EMULATOR_HOST',
      { ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9' },
      /^FIREBASE_AUTH_EMULATOR_HOST is set in production .*not verified/,
    ],
    ['DATABASE_URL', { ...production, DATABASE_URL: '' }, /^DATABASE_URL is unset in production .*embedded database/],
    [
      'ADMIN_EMAILS',
      { ...production, ADMIN_EMAILS: '' },
      /^ADMIN_EMAILS is unset in production \(NODE_ENV=production\): nobody would be the admin .*set the admins' email addresses, comma separated, e\.g\. ADMIN_EMAILS=/,
    ],
  ])(
    'refuses to start without a good %s, in one line',
    async (_, env, line) => {
      const { code, lines } = await refused(env);
      expect(code).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(line);
    },
    30_000,
  );

  it('refuses the placeholders of docs/deploy/stream.env, naming each and showing none (API and worker)', async () => {
    const env = shippedEnv();
    expect(env.NODE_ENV).toBe('production');
    for (const entry of ['main', 'worker'] as const) {
      const { code, lines } = await refused(env, entry);
      expect(code).toBe(1);
      expect(lines.map((line) => line.split(' is the placeholder')[0])).toEqual([
        'URL_SIGNING_SECRET',
        'METRICS_TOKEN',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'DATABASE_URL (its password)',
        'ADMIN_EMAILS',
      ]);
      expect(lines.join('\n')).not.toMatch(/change-me/i);
    }
  }, 30_000);

  it('says how to write a database password that breaks the URL, and where S3 keys come from', async () => {
    const slash = await refused({ ...production, DATABASE_URL: 'postgres://stream:ab/cd+ef=@127.0.0.1:5432/stream' });
    expect(slash.code).toBe(1);
    expect(slash.lines).toHaveLength(1);
    expect(slash.lines[0]).toMatch(
      /^Invalid configuration: DATABASE_URL=.*percent-encode a '\/'.*openssl rand -hex 32/,
    );
    expect(slash.lines[0]).not.toContain('cd+ef');
    const keys = checkDeployment(
      loadConfig({ ...production, S3_ACCESS_KEY_ID: 'change-me', S3_SECRET_ACCESS_KEY: 'change-me' }),
      'api',
    ).refusals;
    expect(keys).toEqual([
      expect.stringMatching(/^S3_ACCESS_KEY_ID is the placeholder .*the access key your bucket's provider issued/),
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY is the placeholder .*provider issued/),
    ]);
    expect(keys.join('\n')).not.toMatch(/random/);
  }, 30_000);

  it('names a secret that is too short without showing it', async () => {
    const { code, lines } = await refused({ ...production, METRICS_TOKEN: 'short-token' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'Invalid configuration: METRICS_TOKEN=<hidden, 11 characters>: must be at least 16 characters',
    ]);
  }, 30_000);
});

describe('production with no outside cloud (FIREBASE_AUTH=off)', () => {
  const { ADMIN_EMAILS: _admins, ...withoutAdmins } = production;
  const organisation = {
    FIREBASE_AUTH: 'off',
    OIDC_ISSUER: 'http://127.0.0.1:9/realms/acme', // asked only once someone signs in
    OIDC_CLIENT_ID: 'stream',
    OIDC_CLIENT_SECRET: 'a-client-secret-value',
    OIDC_ADMIN_GROUPS: 'stream-admins',
  };

  it('starts with the organisation’s sign-in alone; Firebase ID tokens are refused saying why', async () => {
    const api = await startBuilt(
      'main',
      {
        ...withoutAdmins,
        ...organisation,
        DATA_DIR: await mkdtemp(join(scratch, 'data-')),
        DATABASE_URL: await createPostgresDatabase(),
        WORKER: 'false',
      },
      children,
    );
    await ready(api);
    expect(await (await fetch(`${api.baseUrl}/api/config`)).json()).toEqual({
      maxRecordingSeconds: null,
      firebaseAuth: 'off',
      oidc: { name: 'SSO' },
    });
    const firebaseToken = `${Buffer.from('{"alg":"RS256","kid":"k"}').toString('base64url')}.${Buffer.from(
      '{"iss":"https://securetoken.google.com/demo-stream","aud":"demo-stream","sub":"someone"}',
    ).toString('base64url')}.c2lnbmF0dXJl`;
    const answer = await fetch(`${api.baseUrl}/api/account/export`, {
      headers: { authorization: `Bearer ${firebaseToken}` },
    });
    expect(answer.status).toBe(401);
    expect(await answer.text()).toContain('Firebase sign-in is off on this server (FIREBASE_AUTH=off)');
    api.signal('SIGTERM');
    await api.exited;
  }, 60_000);

  it('refuses to start with FIREBASE_AUTH=off and no way to sign in, in one line saying what to set', async () => {
    const { code, lines } = await refused({ ...production, FIREBASE_AUTH: 'off' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(
        /^Invalid configuration: FIREBASE_AUTH="off": with Firebase sign-in off nobody could sign in: set your organisation's sign-in \(OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/,
      ),
    ]);
  }, 30_000);
});

describe('the database a process uses', () => {
  it('is said in one line at start: the embedded one outside production, where the risky settings are warnings', async () => {
    const dataDir = await mkdtemp(join(scratch, 'data-'));
    const api = await startBuilt(
      'main',
      {
        DATA_DIR: dataDir,
        TRUST_PROXY: 'true',
        URL_SIGNING_SECRET: 'change-me-to-32-random-bytes-base64',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9', // nothing listens: never needed to start
        FIREBASE_AUTH_EMULATOR_THROUGH_PROXY: 'true',
      },
      children,
    );
    await ready(api);
    const output = api.output();
    expect(output).toMatch(/^URL_SIGNING_SECRET is the placeholder of docs\/deploy\/stream.env/m);
    expect(output).toMatch(/^WARNING: FIREBASE_AUTH_EMULATOR_THROUGH_PROXY=true: unverified Auth emulator tokens/m);
    expect(output).toMatch(/^TRUST_PROXY=true believes every X-Forwarded-For hop/m);
    expect(output).not.toContain('change-me-to-32');
    const said = api
      .output()
      .split('\n')
      .filter((line) => line.includes('"database: '));
    expect(said).toHaveLength(1);
    expect(JSON.parse(said[0]!).msg).toBe(`database: embedded (PGlite) in ${dataDir}/db, for this process only`);
    api.signal('SIGTERM');
    await api.exited;
  }, 60_000);

  it('PostgreSQL is named without its password', () => {
    expect(describeDatabase({ DATABASE_URL: production.DATABASE_URL, DATA_DIR: '/x' })).toBe(
      'database: PostgreSQL stream@127.0.0.1:1/stream',
    );
  });
});

describe('the rules, per process', () => {
  it('the shipped settings with their placeholders replaced start both processes', () => {
    const env = Object.fromEntries(
      Object.entries(shippedEnv()).map(([name, value]) => [name, value.replace(/change-me[\w-]*/, 'x9Vq2LmR7tKe4WpZ')]),
    );
    const config = loadConfig(env);
    expect(checkDeployment(config, 'api')).toEqual({ refusals: [], warnings: [] });
    expect(checkDeployment(config, 'worker')).toEqual({ refusals: [], warnings: [] });
  });

  it('an API in production needs URL_SIGNING_SECRET (a random key per process breaks links across APIs and restarts); a worker signs nothing', () => {
    const { URL_SIGNING_SECRET: _unset, ...withoutSecret } = production;
    expect(checkDeployment(loadConfig(withoutSecret), 'api').refusals).toEqual([
      expect.stringMatching(/^URL_SIGNING_SECRET is unset in production \(NODE_ENV=production\)/),
    ]);
    expect(checkDeployment(loadConfig(withoutSecret), 'worker').refusals).toEqual([]);
    expect(checkDeployment(loadConfig({ ...withoutSecret, NODE_ENV: 'development' }), 'api').refusals).toEqual([]);
  });

  it('an API in production needs ADMIN_EMAILS (else nobody is admin); a worker has no admin, development its first sign-in', () => {
    const { ADMIN_EMAILS: _unset, ...withoutAdmins } = production;
    expect(checkDeployment(loadConfig(withoutAdmins), 'api').refusals).toEqual([
      expect.stringMatching(/^ADMIN_EMAILS is unset in production/),
    ]);
    expect(checkDeployment(loadConfig(withoutAdmins), 'worker').refusals).toEqual([]);
    expect(checkDeployment(loadConfig({ ...withoutAdmins, NODE_ENV: 'development' }), 'api').refusals).toEqual([]);
  });

  it('a worker needs no PUBLIC_URL; outside production the placeholders and TRUST_PROXY=true are warnings', () => {
    expect(checkDeployment(loadConfig({ ...production, PUBLIC_URL: '' }), 'worker').refusals).toEqual([]);
    const relaxed = checkDeployment(
      loadConfig({ URL_SIGNING_SECRET: 'change-me-to-32-random-bytes', TRUST_PROXY: 'true' }),
      'api',
    );
    expect(relaxed.refusals).toEqual([]);
    expect(relaxed.warnings).toEqual([
      expect.stringMatching(/^URL_SIGNING_SECRET is the placeholder/),
      expect.stringMatching(/^TRUST_PROXY=true believes every X-Forwarded-For hop/),
    ]);
  });

  it('the development setting that lets emulator tokens through a proxy is said loudly', () => {
    const config = loadConfig({
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_AUTH_EMULATOR_THROUGH_PROXY: 'true',
    });
    expect(checkDeployment(config, 'api').warnings).toEqual([
      expect.stringMatching(/^WARNING: FIREBASE_AUTH_EMULATOR_THROUGH_PROXY=true: unverified/),
    ]);
  });
});

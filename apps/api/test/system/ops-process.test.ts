// The built server as production runs it: `npm run build` output under plain node with
// no TypeScript loader; migrations as a step that several processes may run at once against one
// PostgreSQL; SIGTERM that fails /readyz first and lets an in-flight range response finish; logs
// as JSON or pretty lines, one request id from the upload's request to its processing job.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { migrations } from '../../src/platform/db/migrations';
import { newTestUser, startAuthEmulator } from '../support/auth-emulator';
import { buildApi, distDir, ready, startBuilt } from '../support/built-api';
import { freePort } from '../support/free-port';
import { createPostgresDatabase } from '../support/test-database';
import { uploadVideo } from '../support/upload';
import { until } from '../support/until';
import { makeWebm } from '../support/webm';

const apiPackage = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const rootPackage = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

describe('the built server', () => {
  let emulator: AuthEmulator;
  let user: TestUser;
  let webm: Buffer;
  let scratch: string;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    buildApi();
    scratch = await mkdtemp(join(tmpdir(), 'ops-process-'));
    let path: string;
    [emulator, path] = await Promise.all([startAuthEmulator(), makeWebm({ seconds: 1, dir: scratch })]);
    webm = readFileSync(path);
    user = await newTestUser(emulator.host);
  }, 120_000);

  afterAll(async () => {
    for (const child of children) process.kill(-child.pid!, 'SIGKILL');
    await emulator?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const api = async (env: Record<string, string>) =>
    startBuilt(
      'main',
      {
        DATA_DIR: await mkdtemp(join(scratch, 'data-')),
        WEB_DIST: join(scratch, 'no-web-app'),
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        ...env,
      },
      children,
    );

  it('imports nothing but node built-ins and runtime dependencies, so `npm ci --omit=dev` serves it', () => {
    // The root's and apps/api's own (nodemailer, yazl): `npm ci --omit=dev` installs a workspace's too.
    const runtime = new Set([...Object.keys(rootPackage.dependencies), ...Object.keys(apiPackage.dependencies)]);
    const imported = new Set<string>();
    for (const file of readdirSync(distDir).filter((name) => name.endsWith('.js'))) {
      const code = readFileSync(join(distDir, file), 'utf8');
      for (const match of code.matchAll(/(?:^|[\s;])(?:import|export)\b[^'"]*?from\s*["']([^"'.][^"']*)["']/gm))
        imported.add(match[1]!);
      for (const match of code.matchAll(/\bimport\(\s*["']([^"'.][^"']*)["']\s*\)/g)) imported.add(match[1]!);
    }
    const packageOf = (specifier: string) =>
      specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
    const outside = [...imported].filter(
      (specifier) => !specifier.startsWith('node:') && !runtime.has(packageOf(specifier)),
    );
    expect(imported.size).toBeGreaterThan(10);
    expect(outside).toEqual([]);
  });

  it('runs what the systemd units and the environment file of the deployment guide name', () => {
    const deploy = join(import.meta.dirname, '../../../../docs/deploy');
    const env = Object.fromEntries(
      readFileSync(join(deploy, 'stream.env'), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z0-9_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(() => loadConfig(env)).not.toThrow();
    for (const unit of ['stream-api@.service', 'stream-worker@.service']) {
      const text = readFileSync(join(deploy, unit), 'utf8');
      const commands = [...text.matchAll(/^ExecStart(?:Pre)?=\/usr\/bin\/node (?:--enable-source-maps )?(\S+)$/gm)];
      expect(commands.length, unit).toBeGreaterThan(0);
      for (const [, script] of commands) expect(readdirSync(distDir)).toContain(script!.replace('apps/api/dist/', ''));
    }
  });

  it('runs dist/main.js under plain node: /healthz, /readyz on PGlite, and a clean SIGTERM', async () => {
    const server = await api({});
    await ready(server);
    expect(await (await fetch(`${server.baseUrl}/healthz`)).json()).toEqual({ status: 'ok' });
    server.signal('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // A load balancer's polls are never logged at info.
    expect(server.output()).not.toMatch(/"url":"\/(?:healthz|readyz)"/);
  }, 60_000);

  it('migrates from three processes at once, then starts three APIs at once, on one PostgreSQL', async () => {
    const url = await createPostgresDatabase();
    const dataDir = await mkdtemp(join(scratch, 'migrate-'));
    const steps = await Promise.all(
      [1, 2, 3].map(() => startBuilt('migrate', { DATABASE_URL: url, DATA_DIR: dataDir }, children)),
    );
    const codes = await Promise.all(steps.map((step) => step.exited));
    expect(
      codes.map((code) => code.code),
      steps.map((step) => step.output()).join('\n'),
    ).toEqual([0, 0, 0]);

    const fresh = await createPostgresDatabase();
    const apis = await Promise.all([1, 2, 3].map(() => api({ DATABASE_URL: fresh, WORKER: 'false' })));
    await Promise.all(apis.map((server) => ready(server)));
    for (const database of [url, fresh]) {
      const client = new pg.Client({ connectionString: database });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string }>('select name from kysely_migration order by name');
        expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
        const queues = await client.query<{ name: string }>('select name from pgboss.queue order by name');
        expect(queues.rows.length).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
    }
    for (const server of apis) server.signal('SIGTERM');
    expect((await Promise.all(apis.map((server) => server.exited))).map((exit) => exit.code)).toEqual([0, 0, 0]);
  }, 120_000);

  it('serves /healthz, /readyz and /metrics of a worker process on METRICS_PORT', async () => {
    const token = randomBytes(16).toString('hex');
    const port = await freePort();
    const worker = await startBuilt(
      'worker',
      {
        DATABASE_URL: await createPostgresDatabase(),
        DATA_DIR: await mkdtemp(join(scratch, 'worker-')),
        METRICS_PORT: String(port),
        METRICS_TOKEN: token,
      },
      children,
    );
    const base = `http://127.0.0.1:${port}`;
    await until('the worker to be ready', async () =>
      (await fetch(`${base}/readyz`)).status === 200 ? true : undefined,
    );
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({
      ready: true,
      checks: { database: 'ok', queue: 'ok' },
    });
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    expect(metrics).toMatch(/^stream_job_queue_depth 0$/m);
    expect(metrics).toMatch(/^process_resident_memory_bytes \d+/m);
    worker.signal('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('on SIGTERM fails /readyz at once and finishes an in-flight range response before exiting', async () => {
    const server = await api({ WORKER: 'false', SHUTDOWN_GRACE_SECONDS: '20' });
    await ready(server);
    // A WebM head and 24 MiB more: far more than the socket buffers hold, so the response waits on us.
    const big = Buffer.concat([webm, randomBytes(24 * 1024 * 1024)]);
    const uploaded = await uploadVideo(server.baseUrl, big, { token: user.idToken });
    expect(uploaded.status).toBe(201);

    const received: Buffer[] = [];
    const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) =>
      get(new URL(uploaded.json.video!.url, server.baseUrl), resolve).on('error', reject),
    );
    expect(response.statusCode).toBe(200);
    response.pause();
    const finished = new Promise<void>((resolve, reject) => {
      response.on('data', (chunk: Buffer) => received.push(chunk));
      response.once('end', resolve);
      response.once('error', reject);
    });

    server.signal('SIGTERM');
    await until('the server to stop answering ready', async () => {
      const answer = await fetch(`${server.baseUrl}/readyz`).catch(() => undefined);
      return answer?.status === 200 ? undefined : true;
    });
    expect(server.child.exitCode).toBeNull(); // still serving the range
    response.resume();
    await finished;
    expect(Buffer.concat(received).equals(big)).toBe(true);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('writes pretty lines with LOG_FORMAT=pretty', async () => {
    const server = await api({ LOG_FORMAT: 'pretty' });
    await ready(server);
    server.signal('SIGTERM');
    await server.exited;
    expect(server.output()).toMatch(/INFO.*Server listening at http:\/\/127\.0\.0\.1:\d+/);
    expect(server.output()).not.toMatch(/^\{"level"/m);
  }, 60_000);

  it('carries one request id from the upload request to the lines of the job it queued, and counts the job', async () => {
    const token = randomBytes(16).toString('hex');
    const server = await api({ WORKER: 'true', METRICS_TOKEN: token });
    await ready(server);
    const id = `test-${randomBytes(8).toString('hex')}`;
    const uploaded = await uploadVideo(server.baseUrl, webm, { token: user.idToken, headers: { 'x-request-id': id } });
    expect(uploaded.status).toBe(201);
    const lines = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; videoId?: string });
    await until('the job to log its outcome', () =>
      lines().some((line) => line.msg === 'video processed') ? true : undefined,
    );
    const ofRequest = lines().filter((line) => line.reqId === id);
    expect(ofRequest.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed', 'video processed']),
    );
    expect(ofRequest.find((line) => line.msg === 'video processed')?.videoId).toBe(uploaded.json.video!.id);
    // The job's outcome and time are in the metrics of the process that ran it.
    const metrics = await (
      await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    expect(metrics).toMatch(/^stream_job_duration_seconds_count\{outcome="ready"\} 1$/m);
    expect(metrics).toMatch(/^stream_job_queue_depth 0$/m);
    server.signal('SIGTERM');
    await server.exited;
  }, 90_000);
});

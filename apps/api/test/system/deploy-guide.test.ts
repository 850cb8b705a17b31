// docs/deploy.md as an operator walks it, on this machine: the shell blocks the guide marks
// `<!-- deploy-guide-test: NAME -->` are run as they are written, with only these stand-ins: the
// folders /opt/stream, /etc/…, /var/… in a temporary folder, no `sudo` (the test runs as root; owners
// and groups named `stream` are root's), and, where the guide builds or restarts the real thing,
// `npm`/`systemctl`/`nginx` stubs that record what they were asked (`nginx -t` runs the real nginx
// on the installed files). The settings file is the shipped docs/deploy/stream.env, edited as the
// guide says: a database password with '/' percent-encoded, MAIL_FROM with its spaces and <>, a
// MinIO-style bucket (a host name, S3_FORCE_PATH_STYLE=true). PostgreSQL and s3rver are real.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CACHED_DECISION_TYPES } from '../../src/platform/http/accel-redirect';
import { buildApi } from '../support/built-api';
import { startTestS3, type TestS3 } from '../support/s3';

const root = resolve(import.meta.dirname, '../../../..');
const guide = readFileSync(join(root, 'docs/deploy.md'), 'utf8');
const systemPackages = join(root, 'tools/src/system-packages.mjs');

/** The text of the guide's shell block marked `name`, exactly. */
function block(name: string): string {
  const found = guide.match(new RegExp(`<!-- deploy-guide-test: ${name} -->\\n+\`\`\`sh\\n([\\s\\S]*?)\\n\`\`\`\\n`));
  if (!found) throw new Error(`docs/deploy.md has no shell block marked deploy-guide-test: ${name}`);
  return found[1]!;
}

interface Here {
  opt: string;
  /** Stands for /: etc/, var/ under it. */
  top: string;
}

/** The guide's text with this machine's folders, no sudo, and root for the stream user. */
function here(text: string, { opt, top }: Here): string {
  return text
    .replaceAll('/opt/stream', opt)
    .replace(/(^|[\s='"])\/(etc|var)\//gm, `$1${top}/$2/`)
    .replace(/\bsudo -u stream /g, '')
    .replace(/\bsudo /g, '')
    .replace(/-([og]) stream\b/g, '-$1 root');
}

/**
 * Runs a block with sh -e, stubs (a folder of fake commands) first on PATH. Asynchronously: the
 * bucket (s3rver) answers from this very process.
 */
function run(text: string, options: { stubs?: string; env?: Record<string, string> } = {}) {
  const child = spawn('/bin/sh', ['-ec', text], {
    env: {
      ...process.env,
      PATH: `${options.stubs ? `${options.stubs}:` : ''}${process.env.PATH}`,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    }),
  );
}

const mode = (file: string) => statSync(file).mode & 0o777;

let scratch: string;
let s3: TestS3;
const servers: Server[] = [];
beforeAll(async () => {
  buildApi();
  execFileSync(process.execPath, [systemPackages, 'nginx'], { stdio: 'inherit' });
  scratch = await mkdtemp(join(inject('scratchDir'), 'deploy-guide-'));
  s3 = await startTestS3('stream-videos');
}, 300_000);
afterAll(async () => {
  for (const server of servers) server.close();
  await s3?.stop();
});

/** A fake `/`, with the folders Debian has, and the checkout's files installed by the guide's install block. */
async function installed(opt: string): Promise<Here> {
  const top = join(scratch, `root-${randomBytes(4).toString('hex')}`);
  for (const dir of ['etc/nginx/conf.d', 'etc/systemd/system', 'var/lib', 'var/backups', 'var/cache/nginx'])
    mkdirSync(join(top, dir), { recursive: true });
  const at = { opt, top };
  const done = await run(here(block('install'), at));
  expect(done.stderr).toBe('');
  expect(done.code).toBe(0);
  return at;
}

describe('the deployment guide, run as written', () => {
  it('installs the settings root-owned and unreadable to others, units systemd accepts, nginx files nginx -t accepts', async () => {
    const at = await installed(root);
    expect(mode(join(at.top, 'etc/stream'))).toBe(0o750);
    expect(mode(join(at.top, 'etc/stream/stream.env'))).toBe(0o640);
    expect(statSync(join(at.top, 'etc/stream/stream.env')).uid).toBe(0);

    // The units, as systemd would load them (an instance of each template).
    const units = join(scratch, 'units');
    mkdirSync(units, { recursive: true });
    const system = join(at.top, 'etc/systemd/system');
    expect(readdirSync(system).sort()).toEqual([
      'stream-api@.service',
      'stream-backup.service',
      'stream-backup.timer',
      'stream-worker@.service',
    ]);
    copyFileSync(join(system, 'stream-api@.service'), join(units, 'stream-api@8081.service'));
    copyFileSync(join(system, 'stream-worker@.service'), join(units, 'stream-worker@9101.service'));
    copyFileSync(join(system, 'stream-backup.service'), join(units, 'stream-backup.service'));
    copyFileSync(join(system, 'stream-backup.timer'), join(units, 'stream-backup.timer'));
    const verified = spawnSync(
      'systemd-analyze',
      ['verify', '--man=no', ...readdirSync(units).map((u) => join(units, u))],
      {
        encoding: 'utf8',
      },
    );
    if (!verified.error) {
      // Only what this machine lacks may be said (no `stream` user, no /opt/stream).
      const said = verified.stderr
        .split('\n')
        .filter((line) => line && !/stream.*(user|No such file|WorkingDirectory)/i.test(line));
      expect(said).toEqual([]);
    }
    // HOST is a setting of stream.env (a cluster's APIs listen where nginx elsewhere reaches them).
    expect(readFileSync(join(system, 'stream-api@.service'), 'utf8')).not.toMatch(/^Environment=.*HOST=/m);
    expect(readFileSync(join(at.top, 'etc/stream/stream.env'), 'utf8')).toMatch(/^HOST=127\.0\.0\.1$/m);

    expect(nginxTest(at).code).toBe(0);
  }, 60_000);

  it('loads stream.env (MAIL_FROM with its <>, a password with /) for migrate, backup and restore, with a MinIO-style bucket', async () => {
    const at = await installed(root);
    const envFile = join(at.top, 'etc/stream/stream.env');
    const admin = new URL(inject('postgresUrl'));
    const name = `guide_${randomBytes(5).toString('hex')}`;
    // What openssl rand -base64 gives, with a '/' for sure, and first: that one still parses as a URL
    // (host = the role, an empty port, the password in the path), where others fail to parse.
    const password = `/${randomBytes(12).toString('base64')}x+y=`;
    const sql = async (statement: string) => {
      const client = new pg.Client({ connectionString: admin.href });
      await client.connect();
      try {
        return await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await sql(`create role ${name} login password '${password}'`);
    await sql(`create database ${name} owner ${name}`);
    const bucket = new URL(s3.env.S3_ENDPOINT!);
    const operator = (databasePassword: string) =>
      here(readFileSync(join(root, 'docs/deploy/stream.env'), 'utf8'), at)
        .replace(
          /^DATABASE_URL=.*$/m,
          `DATABASE_URL=postgres://${name}:${databasePassword}@${admin.hostname}:${admin.port}/${name}`,
        )
        .replace(/^ADMIN_EMAILS=.*$/m, 'ADMIN_EMAILS=ops@example.com')
        .replace(/^S3_ENDPOINT=.*$/m, `S3_ENDPOINT=http://localhost:${bucket.port}`)
        .replace(/^S3_FORCE_PATH_STYLE=.*$/m, 'S3_FORCE_PATH_STYLE=true')
        .replace(/^S3_ACCESS_KEY_ID=.*$/m, `S3_ACCESS_KEY_ID=${s3.env.S3_ACCESS_KEY_ID}`)
        .replace(/^S3_SECRET_ACCESS_KEY=.*$/m, `S3_SECRET_ACCESS_KEY=${s3.env.S3_SECRET_ACCESS_KEY}`)
        .replace(/^URL_SIGNING_SECRET=.*$/m, `URL_SIGNING_SECRET=${randomBytes(32).toString('hex')}`)
        .replace(/^METRICS_TOKEN=.*$/m, `METRICS_TOKEN=${randomBytes(32).toString('hex')}`)
        .replace(/^# MAIL_FROM=/m, 'MAIL_FROM=');
    mkdirSync(join(at.top, 'var/lib/stream'), { recursive: true });

    // The password as openssl wrote it: refused, and the message says what to do.
    writeFileSync(envFile, operator(password));
    const raw = await run(here(block('migrate'), at));
    expect(raw.code).not.toBe(0);
    expect(raw.stderr).toMatch(/DATABASE_URL=.*percent-encode a '\/'.*openssl rand -hex 32/);
    expect(raw.stderr + raw.stdout).not.toContain(password);

    // Percent-encoded as the guide says.
    writeFileSync(envFile, operator(encodeURIComponent(password)));
    expect(readFileSync(envFile, 'utf8')).toMatch(/^MAIL_FROM=Stream <stream@example.com>$/m);
    const migrated = await run(here(block('migrate'), at));
    expect(migrated.stderr).toBe('');
    expect(migrated.code).toBe(0);

    // A video and its blob in the bucket, as an upload leaves them.
    const databaseUrl = `postgres://${name}:${encodeURIComponent(password)}@${admin.hostname}:${admin.port}/${name}`;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `insert into videos (id, user_id, title, status, visibility) values ('v1', 'u1', 'Guide', 'READY', 'PRIVATE')`,
    );
    await db.query(
      `insert into media_assets (video_id, kind, storage_key, size_bytes, content_type) values ('v1', 'playable', 'videos/v1.webm', 5, 'video/webm')`,
    );
    await db.end();
    const client = new S3Client({
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    });
    await client.send(new PutObjectCommand({ Bucket: 'stream-videos', Key: 'videos/v1.webm', Body: 'bytes' }));

    const backedUp = await run(here(block('backup'), at));
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(0);
    const backups = join(at.top, 'var/backups/stream');
    expect(mode(backups)).toBe(0o700);
    const [day] = readdirSync(backups);
    const backup = join(backups, day!);
    expect(mode(backup)).toBe(0o700);
    for (const file of ['manifest.json', 'database.pgdump', 'blobs/videos/v1.webm'])
      expect([file, mode(join(backup, file))]).toEqual([file, 0o600]);
    expect(readFileSync(join(backup, 'blobs/videos/v1.webm'), 'utf8')).toBe('bytes');

    // The disaster: the database and the bucket emptied; the guide's restore brings both back.
    await sql(`drop database ${name} with (force)`);
    await sql(`create database ${name} owner ${name}`);
    await client.send(new DeleteObjectCommand({ Bucket: 'stream-videos', Key: 'videos/v1.webm' }));
    renameSync(backup, join(backups, '2026-11-26'));
    const restored = await run(here(block('restore'), at));
    expect(restored.code, restored.stderr).toBe(0);
    const back = new pg.Client({ connectionString: databaseUrl });
    await back.connect();
    expect((await back.query(`select title from videos where id = 'v1'`)).rows).toEqual([{ title: 'Guide' }]);
    await back.end();
    const object = await client.send(new GetObjectCommand({ Bucket: 'stream-videos', Key: 'videos/v1.webm' }));
    expect(await object.Body!.transformToString()).toBe('bytes');
    client.destroy();
  }, 180_000);

  it('builds with the web app settings the first time, and upgrades with git pull beside the operator’s edited nginx files', async () => {
    // The project's repository (a bare one) and the operator's clone of it in /opt/stream.
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Stream', '-c', 'user.email=stream@example.com', ...args], {
        cwd,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    const work = join(scratch, 'project');
    mkdirSync(join(work, 'tools'), { recursive: true });
    cpSync(join(root, 'docs/deploy'), join(work, 'docs/deploy'), { recursive: true });
    copyFileSync(join(root, 'tools/with-env.mjs'), join(work, 'tools/with-env.mjs'));
    git(work, 'init', '-q', '-b', 'main');
    git(work, 'add', '.');
    git(work, 'commit', '-q', '-m', 'a release');
    const bare = join(scratch, 'project.git');
    git(scratch, 'clone', '-q', '--bare', work, bare);
    const opt = join(scratch, 'opt-stream');
    git(scratch, 'clone', '-q', bare, opt);
    const at = await installed(opt);

    // Stand-ins that record what they were asked, with which web app settings.
    const stubs = join(scratch, 'stubs');
    const asked = join(scratch, 'asked');
    mkdirSync(stubs, { recursive: true });
    const stub = (command: string, body = '') => {
      writeFileSync(
        join(stubs, command),
        `#!/bin/sh\necho "${command} $* project=\${VITE_FIREBASE_PROJECT_ID:-none} admins=\${ADMIN_EMAILS:-none}" >> ${asked}\n${body}`,
      );
      chmodSync(join(stubs, command), 0o755);
    };
    stub('npm');
    stub('systemctl');
    stub('nginx', `exec /usr/sbin/nginx -t -q -p ${at.top}/nginx-test -c ${at.top}/nginx-test/nginx.conf\n`);
    nginxTest(at); // writes the test's main config that includes the installed files

    // The operator's settings, in /etc.
    writeFileSync(
      join(at.top, 'etc/stream/web-build.env'),
      'VITE_FIREBASE_API_KEY=AIzaTest\nVITE_FIREBASE_PROJECT_ID=acme-stream\nVITE_FIREBASE_AUTH_DOMAIN=acme-stream.firebaseapp.com\n',
    );
    const first = await run(here(block('first-build'), at), { stubs });
    expect(first.code, first.stderr).toBe(0);
    expect(readFileSync(asked, 'utf8')).toMatch(/^npm run build project=acme-stream /m);

    const httpConf = join(at.top, 'etc/nginx/conf.d/stream-http.conf');
    const locationsConf = join(at.top, 'etc/nginx/stream-locations.conf');
    writeFileSync(httpConf, readFileSync(httpConf, 'utf8').replace('server 127.0.0.1:8082', 'server 127.0.0.1:8083'));
    writeFileSync(
      locationsConf,
      readFileSync(locationsConf, 'utf8').replace(
        'proxy_pass http://127.0.0.1:9000;',
        'proxy_pass http://127.0.0.1:9009;',
      ),
    );

    // The next release changes both shipped nginx files elsewhere.
    const shippedHttp = join(work, 'docs/deploy/nginx-http.conf');
    writeFileSync(
      shippedHttp,
      readFileSync(shippedHttp, 'utf8').replace(
        '# Round robin over the API processes.',
        '# Round robin over the API processes, as the next release says.',
      ),
    );
    const shippedLocations = join(work, 'docs/deploy/nginx-locations.conf');
    writeFileSync(shippedLocations, `# The next release.\n${readFileSync(shippedLocations, 'utf8')}`);
    git(work, 'commit', '-q', '-am', 'the next release');
    git(work, 'push', '-q', bare, 'main');

    // Two APIs that restart at once and are ready after a few refused polls.
    const ports: number[] = [];
    for (let i = 0; i < 2; i++) {
      const server = createServer((_request, response) => response.end('{"ready":true}'));
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      servers.push(server);
      ports.push((server.address() as { port: number }).port);
    }
    const upgrade = here(block('upgrade'), at).replace(
      /rolling-restart\.sh 8081 8082/,
      `rolling-restart.sh ${ports.join(' ')}`,
    );
    expect(upgrade).toContain(`rolling-restart.sh ${ports.join(' ')}`);
    const upgraded = await run(upgrade, {
      stubs,
      env: { STREAM_API_RESTART: 'true ', STREAM_NGINX_FAIL_TIMEOUT: '0' },
    });
    // git's own report of what it fetched, and nothing else: no refused connection of the wait, no
    // conflict, no patch rejected.
    expect(
      upgraded.stderr.split('\n').filter((line) => line && !/^From |^ +[0-9a-f]+\.\.[0-9a-f]+ +main /.test(line)),
    ).toEqual([]);
    expect(upgraded.code, upgraded.stdout).toBe(0);
    expect(git(opt, 'log', '-1', '--format=%s').trim()).toBe('the next release');
    // The operator's edits kept, the release's changes in.
    expect(readFileSync(httpConf, 'utf8')).toContain('server 127.0.0.1:8083');
    expect(readFileSync(httpConf, 'utf8')).toContain('# Round robin over the API processes, as the next release says.');
    expect(readFileSync(locationsConf, 'utf8')).toMatch(/^# The next release\.$/m);
    expect(readFileSync(locationsConf, 'utf8')).toContain('proxy_pass http://127.0.0.1:9009;');
    const said = readFileSync(asked, 'utf8');
    expect(said).toMatch(/^npm run build project=acme-stream /m);
    expect(said).toMatch(/^npm run migrate project=none admins=change-me@example.com$/m);
    expect(said).toMatch(/^nginx -t /m);
    expect(said).toMatch(/^systemctl reload nginx /m);
    expect(said).toMatch(/^systemctl restart stream-worker@\* /m);
  }, 120_000);

  it("gives cached decisions' blobs the types the API decides them for, and no other", () => {
    const locations = readFileSync(join(root, 'docs/deploy/nginx-locations.conf'), 'utf8');
    const cached = locations.slice(locations.indexOf('location /_stream_cached/'));
    const types = /types \{([^}]*)\}/.exec(cached.slice(0, cached.indexOf('\n}')))![1]!;
    const listed = Object.fromEntries(
      [...types.matchAll(/^\s*(\S+)\s+(\S+);/gm)].map(([, type, extension]) => [extension, type]),
    );
    expect(listed).toEqual(CACHED_DECISION_TYPES);
    expect(cached.slice(0, cached.indexOf('\n}'))).not.toMatch(/^\s*add_header Content-Type/m);
  });

  it('waits for a restarting API without printing its refused connections', async () => {
    const port = await new Promise<number>((done) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => done(free));
      });
    });
    // The "restart" brings the API up two seconds later, in the background as systemctl returns.
    const starter = join(scratch, 'start-api.mjs');
    writeFileSync(
      starter,
      `import { createServer } from 'node:http';
setTimeout(() => {
  const server = createServer((request, response) => response.end('ok')).listen(Number(process.argv[2]), '127.0.0.1');
  setTimeout(() => server.close(), 10000);
}, 2000);
`,
    );
    const restart = join(scratch, 'restart-api');
    writeFileSync(restart, `#!/bin/sh\nnode ${starter} "$1" >/dev/null 2>&1 &\n`);
    chmodSync(restart, 0o755);
    const script = join(root, 'docs/deploy/rolling-restart.sh');
    const rolled = await run(`${script} ${port}`, {
      env: { STREAM_API_RESTART: `${restart} `, STREAM_NGINX_FAIL_TIMEOUT: '0' },
    });
    expect(rolled.stderr).toBe('');
    expect(rolled.code).toBe(0);
  }, 60_000);
});

/** `nginx -t` of the installed files, in the main configuration Debian's nginx.conf would be. */
function nginxTest(at: Here) {
  const prefix = join(at.top, 'nginx-test');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log;
events {}
http {
  include ${at.top}/etc/nginx/conf.d/*.conf;
  server {
    listen 127.0.0.1:9;
    access_log ${prefix}/logs/stream.log stream;
    include ${at.top}/etc/nginx/stream-locations.conf;
  }
}
`,
  );
  // The operator's paths (the guide's) live under the test's `/`.
  for (const file of ['etc/nginx/conf.d/stream-http.conf', 'etc/nginx/stream-locations.conf']) {
    const path = join(at.top, file);
    writeFileSync(path, here(readFileSync(path, 'utf8'), at));
  }
  const tested = spawnSync('/usr/sbin/nginx', ['-t', '-q', '-p', prefix, '-c', join(prefix, 'nginx.conf')], {
    encoding: 'utf8',
  });
  expect(tested.stderr).toBe('');
  return { code: tested.status };
}

// Child processes for the benchmark: the real API server and Debian's nginx, each on a free port
// of 127.0.0.1, stopped by their own pid.
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { freePort } from '../../src/free-port.mjs';
import { join, resolve } from 'node:path';
import { spawnServer } from './cores.mjs';

async function waitForHttp(url, child, output, timeoutMs = 60_000, pollMs = 200) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited early (${child.exitCode}):\n${output()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
}

function track(child) {
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr?.setEncoding('utf8').on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The memory allocator's settings the product starts the API with: the `Environment=MALLOC_…` and
 * `GLIBC_TUNABLES` lines of the deployment guide's unit (docs/deploy/stream-api@.service), which
 * `npm start` and `npm run serve` set alike. A benchmark measures the server as people run it.
 */
export function productServerEnv() {
  const unit = readFileSync(resolve(import.meta.dirname, '../../../docs/deploy/stream-api@.service'), 'utf8');
  return Object.fromEntries(
    [...unit.matchAll(/^Environment=((?:MALLOC_\w+_|GLIBC_TUNABLES))=(\S+)$/gm)].map(([, name, value]) => [
      name,
      value,
    ]),
  );
}

/**
 * The API as its own process, so its memory can be read from /proc: from source through tsx (as
 * `npm start` runs it) or, with `built`, the compiled apps/api/dist/main.js (as `npm run serve`),
 * with the product's malloc settings as both set them. Resolves once it answers HTTP, with the seconds that took. `serverCore`: see cores.mjs.
 */
export async function startApiServer({
  root,
  env,
  nodeArgs = [],
  built = false,
  startTimeoutMs = 60_000,
  serverCore = false,
}) {
  const port = await freePort();
  const entry = built ? [join(root, 'apps/api/dist/main.js')] : ['--import', 'tsx', join(root, 'apps/api/src/main.ts')];
  const started = process.hrtime.bigint();
  const child = spawnServer(
    process.execPath,
    [...nodeArgs, ...entry],
    {
      cwd: root,
      // The product's malloc settings first (productServerEnv): `env` may replace them.
      env: { ...process.env, ...productServerEnv(), ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
    serverCore,
  );
  const handle = track(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/api/videoservice/video/none`, child, handle.output, startTimeoutMs, 25);
  } catch (error) {
    await handle.stop(); // a server that did not answer in time must not outlive the benchmark
    throw error;
  }
  return { ...handle, baseUrl, startupSeconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** nginx serving `dir` at / with sendfile, one worker (the API is one Node process too). */
export async function startNginx({ dir, scratch, serverCore = false }) {
  const port = await freePort();
  const conf = join(scratch, 'nginx.conf');
  await writeFile(
    conf,
    `worker_processes 1;
pid ${join(scratch, 'nginx.pid')};
error_log ${join(scratch, 'nginx-error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${scratch};
  proxy_temp_path ${scratch};
  fastcgi_temp_path ${scratch};
  uwsgi_temp_path ${scratch};
  scgi_temp_path ${scratch};
  types { video/webm webm; }
  server {
    listen 127.0.0.1:${port};
    location / { root ${dir}; }
  }
}
`,
  );
  const child = spawnServer(
    '/usr/sbin/nginx',
    ['-p', scratch, '-c', conf, '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
    serverCore,
  );
  const handle = track(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/`, child, handle.output, 15_000);
  return { ...handle, baseUrl };
}

/**
 * The ceiling of any Node ingest on this machine: a bare node:http server that pipes each request
 * body into a file (1 MiB buffer, flushed before answering), with no multipart parsing, auth or
 * database. Same Node, same client, same disk as the API. `env` adds to its environment (the
 * product's malloc settings, to compare with the API under them).
 */
export async function startBareNodeSink({ dir, serverCore = false, env = {} }) {
  const port = await freePort();
  const source = `
    const { createServer } = require('node:http');
    const { createWriteStream } = require('node:fs');
    const { pipeline } = require('node:stream/promises');
    let n = 0;
    createServer(async (req, res) => {
      if (req.method !== 'POST') return res.end();
      await pipeline(req, createWriteStream(require('node:path').join(${JSON.stringify(dir)}, 'bare-' + n++), { highWaterMark: 1 << 20, flush: true }));
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{}');
    }).listen(${port}, '127.0.0.1');
  `;
  const child = spawnServer(
    process.execPath,
    ['-e', source],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    serverCore,
  );
  const handle = track(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/`, child, handle.output, 15_000);
  return { ...handle, baseUrl };
}

/**
 * Debian's nginx configured by the deployment guide's own files (docs/deploy/nginx-*.conf) in front
 * of one API (both upstream entries), its internal location `/_stream_blobs/` an alias of
 * `blobDir`: the API behind nginx with ACCEL_REDIRECT. One worker and no access log, as the
 * reference nginx.
 */
export async function startFrontNginx({ root, scratch, api, blobDir, serverCore = false, cachedDecisions = false }) {
  const port = await freePort();
  const docs = join(root, 'docs/deploy');
  const dir = join(scratch, cachedDecisions ? 'front-cached' : 'front');
  await mkdir(dir, { recursive: true });
  const http = (await readFile(join(docs, 'nginx-http.conf'), 'utf8'))
    .replaceAll('127.0.0.1:8081', api)
    .replaceAll('127.0.0.1:8082', api)
    .replaceAll('/var/cache/nginx/stream-decisions', join(dir, 'decisions'))
    .replace(/(map \$host \$stream_cache_decisions \{\s*default) 0;/, `$1 ${cachedDecisions ? 1 : 0};`);
  if (cachedDecisions && !http.includes('default 1;')) throw new Error('nginx-http.conf: no $stream_cache_decisions');
  const locations = (await readFile(join(docs, 'nginx-locations.conf'), 'utf8'))
    .replaceAll('alias /var/lib/stream/blobs/;', `alias ${blobDir}/;`)
    .replaceAll('root /var/lib/stream/blobs;', `root ${blobDir};`)
    .replaceAll('proxy_pass http://127.0.0.1:9000;', 'proxy_pass http://127.0.0.1:9;');
  await writeFile(join(dir, 'stream-http.conf'), http);
  await writeFile(join(dir, 'stream-locations.conf'), locations);
  const conf = join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  keepalive_requests 100000;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  include ${join(dir, 'stream-http.conf')};
  server {
    listen 127.0.0.1:${port};
    include ${join(dir, 'stream-locations.conf')};
  }
}
`,
  );
  const child = spawnServer(
    '/usr/sbin/nginx',
    ['-p', dir, '-c', conf, '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
    serverCore,
  );
  const handle = track(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/healthz`, child, handle.output, 15_000);
  return { ...handle, baseUrl };
}

// Child processes for the benchmark: the real API server and Debian's nginx, each on a free port
// of 127.0.0.1, stopped by their own pid.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { freePort } from '../../src/free-port.mjs';
import { join, resolve } from 'node:path';
import { spawnServer } from './cores.mjs';
import { uploadFile } from './http-load.mjs';

/** Resolves packages as this repository installed them, whatever directory a benchmark runs from. */
const requireHere = createRequire(import.meta.url);

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
 * The API as its own process, so its memory can be read from /proc: from source through tsx (as in
 * development) or, with `built`, the compiled apps/api/dist/main.js (as `npm start` and `npm run serve`),
 * with the product's malloc settings as both set them (`distDir`: another build's directory, whose
 * packages resolve from where it is). Resolves once it answers HTTP, with the seconds that took. `serverCore`: see cores.mjs.
 */
export async function startApiServer({
  root,
  env,
  nodeArgs = [],
  built = false,
  distDir = join(root, 'apps/api/dist'),
  startTimeoutMs = 60_000,
  serverCore = false,
}) {
  const port = await freePort();
  const entry = built ? [join(distDir, 'main.js')] : ['--import', 'tsx', join(root, 'apps/api/src/main.ts')];
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
  return runNginx({
    dir: scratch,
    http: `  sendfile on;
  tcp_nopush on;
  types { video/webm webm; }`,
    server: `    location / { root ${dir}; }`,
    serverCore,
  });
}

/**
 * Debian's nginx with one worker and no access log, configured in `dir` (its nginx.conf, pid, error
 * log and temp files): `http` and `server` are the lines of its http block and of its one server
 * on a free port of 127.0.0.1. Resolves once `readyPath` answers.
 */
async function runNginx({ dir, http, server, serverCore, readyPath = '/', asRoot = false }) {
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `${asRoot && process.getuid?.() === 0 ? 'user root;' : ''}
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
${http}
  server {
    listen 127.0.0.1:${port};
${server}
  }
}
`,
  );
  const args = ['-p', dir, '-c', conf, '-g', 'daemon off;'];
  return launch('/usr/sbin/nginx', args, {}, serverCore, `http://127.0.0.1:${port}`, readyPath);
}

/** Starts `command` (on the server core when asked) and resolves once `baseUrl` + `readyPath` answers. */
async function launch(command, args, env, serverCore, baseUrl, readyPath = '/') {
  const options = { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] };
  const child = spawnServer(command, args, options, serverCore);
  const handle = track(child);
  await waitForHttp(`${baseUrl}${readyPath}`, child, handle.output, 15_000);
  return { ...handle, baseUrl };
}

/**
 * The ceiling of any Node ingest on this machine: a bare node:http server that pipes each request
 * body into a file (1 MiB buffer, flushed before answering), with no multipart parsing, auth or
 * database. Same Node, same client, same disk as the API. `env` adds to its environment (the
 * product's malloc settings, to compare with the API under them).
 * POST /search does the same and also looks for the multipart boundary in every chunk, as
 * `Buffer.indexOf` (what @fastify/busboy's search calls) from a 'data' listener beside the pipe, no
 * stream of its own: the least any multipart parser does, so the floor of any multipart upload here.
 * It writes the whole body, framing and all, and answers how many boundaries it found.
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
      const out = createWriteStream(require('node:path').join(${JSON.stringify(dir)}, 'bare-' + n++), { highWaterMark: 1 << 20, flush: true });
      if (req.url === '/search') {
        const needle = Buffer.from('\\r\\n--' + /boundary=([^;]+)/.exec(req.headers['content-type'])[1]);
        let found = 0;
        let tail = Buffer.alloc(0);
        req.on('data', (chunk) => {
          // A boundary across two chunks begins with a CR in the last one's end (rarely there).
          if (tail.includes(13) && Buffer.concat([tail, chunk.subarray(0, needle.length - 1)]).indexOf(needle) >= 0) found++;
          for (let at = chunk.indexOf(needle); at >= 0; at = chunk.indexOf(needle, at + 1)) found++;
          tail = chunk.subarray(Math.max(0, chunk.length - needle.length + 1));
        });
        await pipeline(req, out);
        res.writeHead(201, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ boundariesFound: found }));
      }
      await pipeline(req, out);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{}');
    }).listen(${port}, '127.0.0.1');
  `;
  const sink = await launch(process.execPath, ['-e', source], env, serverCore, `http://127.0.0.1:${port}`);
  return {
    ...sink,
    /** POSTs `file` to /search; throws unless the search found the closing boundary, once. */
    async searched(file) {
      const answer = await uploadFile(`${sink.baseUrl}/search`, file, 'none');
      const found = answer.json?.boundariesFound;
      if (found !== 1) throw new Error(`the searching bare server found ${found} boundaries, not 1`);
    },
    /** Removes what the uploads wrote, leaving `dir` empty. */
    async empty() {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
    },
  };
}

/**
 * Debian's nginx configured by the deployment guide's own files (docs/deploy/nginx-*.conf) in front
 * of one API (both upstream entries), its internal location `/_stream_blobs/` an alias of
 * `blobDir`: the API behind nginx with ACCEL_REDIRECT. One worker and no access log, as the
 * reference nginx.
 */
export async function startFrontNginx({
  root,
  scratch,
  api,
  blobDir,
  serverCore = false,
  cachedDecisions = false,
  name = cachedDecisions ? 'front-cached' : 'front',
}) {
  const docs = join(root, 'docs/deploy');
  const dir = join(scratch, name);
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
  return runNginx({
    dir,
    http: `  include ${join(dir, 'stream-http.conf')};`,
    server: `    include ${join(dir, 'stream-locations.conf')};`,
    serverCore,
    readyPath: '/healthz',
    asRoot: true,
  });
}

/**
 * The bare range servers' start of an answer (source text, in their request handler): `start` and
 * `end` of the request's `Range: bytes=a-b` (else the whole file of `size` bytes), and the headers.
 */
const ANSWER_RANGE_HEAD = `const match = /^bytes=(\\d+)-(\\d+)$/.exec(req.headers.range ?? '');
      const start = match ? Number(match[1]) : 0;
      const end = match ? Math.min(Number(match[2]), size - 1) : size - 1;
      res.writeHead(match ? 206 : 200, {
        'content-type': 'video/webm',
        'content-length': end - start + 1,
        ...(match ? { 'content-range': 'bytes ' + start + '-' + end + '/' + size } : {}),
      });`;

/**
 * The floor of a Node range server that copies: a bare node:http server that answers
 * `Range: bytes=a-b` of one file by reading it into one reused 1 MiB buffer and writing each read
 * (the two copies the API's sendfile avoids), with no routing, auth, database or headers beyond the range's.
 * `env` adds to its environment (the product's malloc settings).
 */
export async function startBareNodeRanges({ file, serverCore = false, env = {} }) {
  const port = await freePort();
  const source = `
    const { createServer } = require('node:http');
    const { openSync, fstatSync, read } = require('node:fs');
    const fd = openSync(${JSON.stringify(file)}, 'r');
    const size = fstatSync(fd).size;
    const buffers = [];
    const readInto = (buffer, length, position) =>
      new Promise((resolve, reject) => read(fd, buffer, 0, length, position, (error, n) => (error ? reject(error) : resolve(n))));
    createServer(async (req, res) => {
      ${ANSWER_RANGE_HEAD}
      const buffer = buffers.pop() ?? Buffer.allocUnsafe(1 << 20);
      try {
        for (let position = start; position <= end; ) {
          const n = await readInto(buffer, Math.min(buffer.length, end - position + 1), position);
          if (n === 0) break;
          position += n;
          // The buffer is read into again only once the socket has taken this write.
          await new Promise((resolve) => res.write(buffer.subarray(0, n), resolve));
        }
      } finally {
        buffers.push(buffer);
      }
      res.end();
    }).listen(${port}, '127.0.0.1');
  `;
  return launch(process.execPath, ['-e', source], env, serverCore, `http://127.0.0.1:${port}`);
}

/**
 * The floor of any Node range server on this machine: the same bare node:http server, but each
 * range goes from the page cache to the socket by Linux's sendfile (through koffi, as the API's
 * apps/api/src/platform/storage/socket-sendfile.ts does), with no routing, auth or database. What it spends
 * beyond nginx is Node's own HTTP per request. Headers go out first, by the kernel with MSG_MORE as
 * the API sends them (Node's write when that cannot be); a full socket waits on one 64 KiB write of
 * Node's own.
 */
export async function startBareNodeSendfile({ file, serverCore = false, env = {} }) {
  const port = await freePort();
  const source = `
    const { createServer } = require('node:http');
    const { openSync, fstatSync, readSync } = require('node:fs');
    const koffi = require(${JSON.stringify(requireHere.resolve('koffi'))});
    const libc = koffi.load('libc.so.6');
    const sendfile = libc.func('intptr_t sendfile(int out_fd, int in_fd, int64_t *offset, size_t count)');
    const send = libc.func('intptr_t send(int fd, const void *buf, size_t len, int flags)');
    const MSG_MORE = 0x8000;
    const EAGAIN = koffi.os.errno.EAGAIN;
    const fd = openSync(${JSON.stringify(file)}, 'r');
    const size = fstatSync(fd).size;
    const offset = new BigInt64Array(1);
    createServer(async (req, res) => {
      ${ANSWER_RANGE_HEAD}
      const socket = res.socket;
      // The head by the kernel with MSG_MORE, to leave with the body's first packets, as the API sends it.
      const head = socket.writableLength === 0 && typeof res._header === 'string' ? Buffer.from(res._header, 'latin1') : undefined;
      const headSent = head ? Number(send(socket._handle.fd, head, head.length, MSG_MORE)) : -1;
      if (headSent === head?.length) res._headerSent = true;
      else if (headSent > 0) return socket.destroy();
      else res.flushHeaders();
      if (socket.writableLength > 0) await new Promise((resolve) => socket.write('', resolve));
      for (let position = start; position <= end; ) {
        if (socket.destroyed) return;
        offset[0] = BigInt(position);
        const sent = Number(sendfile(socket._handle.fd, fd, offset, end - position + 1));
        if (sent > 0) { position += sent; continue; }
        if (sent === 0 || koffi.errno() !== EAGAIN) return socket.destroy();
        const piece = Buffer.allocUnsafe(Math.min(65536, end - position + 1));
        const n = readSync(fd, piece, 0, piece.length, position);
        position += n;
        await new Promise((resolve) => socket.write(piece.subarray(0, n), resolve));
      }
      res.end();
    }).listen(${port}, '127.0.0.1');
  `;
  return launch(process.execPath, ['-e', source], env, serverCore, `http://127.0.0.1:${port}`);
}

/**
 * A decider that costs nothing: nginx answering every request at once with `X-Accel-Redirect:
 * target` (and `contentType`), as the API answers a checked range. In front of it, the deployment
 * guide's nginx shows what one decision per request costs nginx itself, whatever decides.
 */
export async function startInstantDecider({ scratch, target, contentType, serverCore = false }) {
  const dir = join(scratch, 'decider');
  await mkdir(dir, { recursive: true });
  return runNginx({
    dir,
    http: '',
    server: `    location / {
      add_header X-Accel-Redirect ${target};
      default_type ${contentType};
      return 200;
    }`,
    serverCore,
  });
}

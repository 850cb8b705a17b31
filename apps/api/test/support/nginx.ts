// Debian's nginx as the load balancer of a test cluster, configured by the very files
// docs/deploy.md includes (docs/deploy/nginx-*.conf), on 127.0.0.1 with its own prefix.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';
import { until } from './until';

const docs = resolve(import.meta.dirname, '../../../../docs/deploy');
/** The workspace's installer of Debian packages (run, not imported: apps do not import tools). */
const systemPackages = resolve(import.meta.dirname, '../../../../tools/src/system-packages.mjs');

export interface TestNginx {
  baseUrl: string;
  /** The access log, in the `stream` format of docs/deploy/nginx-http.conf. */
  accessLog(): string;
  /** nginx's error log (level warn): why it gave up on an upstream. */
  errorLog(): string;
  stop(): Promise<void>;
}

/** Where the doc's internal locations (ACCEL_REDIRECT) read blobs: a test's own in place of the doc's examples. */
export interface NginxBlobs {
  /** DATA_DIR/blobs of the API (local disk), for `/_stream_blobs/`. */
  blobDir?: string;
  /** The bucket's origin (http://host:port), for `/_stream_s3/`. */
  s3Origin?: string;
  /** Turn on the doc's cached decisions (`$stream_cache_decisions`, nginx-http.conf). */
  cachedDecisions?: boolean;
}

/** nginx in front of `apis` (host:port each, the two of the doc's upstreams), in `prefix`. */
export async function startNginx(prefix: string, apis: [string, string], blobs: NginxBlobs = {}): Promise<TestNginx> {
  execFileSync(process.execPath, [systemPackages, 'nginx'], { stdio: 'inherit' });
  for (const dir of ['temp/body', 'temp/proxy', 'temp/fastcgi', 'temp/uwsgi', 'temp/scgi'])
    mkdirSync(join(prefix, dir), { recursive: true });
  chmodSync(join(prefix, 'temp'), 0o777);
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) chmodSync(join(prefix, 'temp', dir), 0o777);
  const http = readFileSync(join(docs, 'nginx-http.conf'), 'utf8')
    .replaceAll('127.0.0.1:8081', apis[0])
    .replaceAll('127.0.0.1:8082', apis[1])
    .replaceAll('/var/cache/nginx/stream-decisions', join(prefix, 'decisions'))
    .replace(/(map \$host \$stream_cache_decisions \{\s*default) 0;/, `$1 ${blobs.cachedDecisions ? 1 : 0};`);
  if (blobs.cachedDecisions && !http.includes('default 1;'))
    throw new Error('nginx-http.conf: no $stream_cache_decisions');
  writeFileSync(join(prefix, 'stream-http.conf'), http);
  // Nothing listens on the doc's example bucket here: a refused connection, never another server.
  const locations = readFileSync(join(docs, 'nginx-locations.conf'), 'utf8')
    .replaceAll('alias /var/lib/stream/blobs/;', `alias ${join(blobs.blobDir ?? join(prefix, 'no-blobs'), '/')};`)
    .replaceAll('root /var/lib/stream/blobs;', `root ${blobs.blobDir ?? join(prefix, 'no-blobs')};`)
    .replaceAll('proxy_pass http://127.0.0.1:9000;', `proxy_pass ${blobs.s3Origin ?? 'http://127.0.0.1:9'};`);
  writeFileSync(join(prefix, 'stream-locations.conf'), locations);
  const port = await freePort();
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${prefix}/temp/body;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
  include ${prefix}/stream-http.conf;
  access_log ${prefix}/access.log stream;
  server {
    listen 127.0.0.1:${port};
    include ${join(prefix, 'stream-locations.conf')};
  }
}
`,
  );
  const child: ChildProcess = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await until(
    'nginx to answer',
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
      return (await fetch(`${baseUrl}/healthz`)).status ? true : undefined;
    },
    20_000,
  ).catch((error: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${error.message}; nginx said:\n${output}`);
  });
  return {
    baseUrl,
    accessLog: () => readFileSync(join(prefix, 'access.log'), 'utf8'),
    errorLog: () => readFileSync(join(prefix, 'error.log'), 'utf8'),
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

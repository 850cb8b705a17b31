import { spawn, spawnSync } from 'node:child_process';
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@stream/auth/testing';
import { workspaceRoot } from '../harness/paths';

const LIBS = ['proto', 'video-api', 'recorder', 'recording-uploads', 'auth', 'ui'];

function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} in ${cwd} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `npm pack` of every lib into `dir`, as a publisher would; returns package name -> tarball path. */
export function packLibs(dir: string): Record<string, string> {
  const tarballs: Record<string, string> = {};
  for (const lib of LIBS) {
    const libDir = join(workspaceRoot, 'libs', lib);
    const { name } = JSON.parse(readFileSync(join(libDir, 'package.json'), 'utf8')) as { name: string };
    const file = sh('npm', ['pack', '--silent', '--pack-destination', dir], libDir).trim().split('\n').at(-1)!;
    tarballs[name] = join(dir, file);
  }
  return tarballs;
}

/**
 * Copies examples/<name> to `dir` (outside the repo, so nothing resolves from the workspace),
 * points its @stream/* dependencies at the tarballs, installs (npm's cache first) and builds it.
 */
export function buildExample(name: string, dir: string, tarballs: Record<string, string>): string {
  const source = join(workspaceRoot, 'examples', name);
  const target = join(dir, name);
  cpSync(source, target, { recursive: true, filter: (path) => !/node_modules|dist/.test(path.slice(source.length)) });
  const manifestPath = join(target, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { dependencies: Record<string, string> };
  // Every tarball, so the libs' dependencies on each other (video-api on proto) resolve to them too.
  for (const [pkg, tarball] of Object.entries(tarballs)) manifest.dependencies[pkg] = `file:${tarball}`;
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], target);
  sh('npm', ['run', 'build', '--silent'], target);
  return target;
}

/** The installed package's files: what a consumer of the tarball actually got. */
export const installedFiles = (exampleDir: string, pkg: string) =>
  readdirSync(join(exampleDir, 'node_modules', pkg), { recursive: true }).map(String);

/** The installed package's package.json, as the tarball published it. */
export const installedManifest = (exampleDir: string, pkg: string) =>
  JSON.parse(readFileSync(join(exampleDir, 'node_modules', pkg, 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };

export interface Preview {
  url: string;
  stop(): Promise<void>;
}

/** `vite preview` of the built example on a free port, forwarding the video service to `streamServer`. */
export async function previewExample(exampleDir: string, streamServer: string): Promise<Preview> {
  const port = await freePort();
  const child = spawn(
    join(exampleDir, 'node_modules/.bin/vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: exampleDir, detached: true, stdio: 'ignore', env: { ...process.env, STREAM_SERVER: streamServer } },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ;) {
    try {
      if ((await fetch(url)).ok) return { url, stop };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`vite preview of ${exampleDir} did not answer on ${url}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

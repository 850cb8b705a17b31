// What the profiling scripts (profile-ranges.mjs, profile-uploads.mjs) share: a scratch directory
// holding a file of random bytes behind a real WebM header, a signed-in user of a fresh Auth
// emulator, and the API started as bench:api starts it: built from this checkout (TSX=1: its source
// through tsx), on its own core, this client on the other, with the product's malloc settings.
// PERF_OUT adds the symbols `perf` needs.
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestUser, startAuthEmulator } from '@stream/auth/testing';
import { makeTestClip } from '@stream/video-api/testing';
import { cores, runThisProcessOn } from './cores.mjs';
import { startApiServer } from './processes.mjs';

/** Scratch, data directory, a `fileBytes` long `r.webm` in scratch, the emulator and its user. */
export async function profilingSetup({ prefix, fileBytes }) {
  const scratch = await mkdtemp(join(tmpdir(), prefix));
  await chmod(scratch, 0o755);
  if (cores) runThisProcessOn(cores.client);
  const file = join(scratch, 'r.webm');
  await makeTestClip(join(scratch, 'seed.webm'), { seconds: 1, audio: false, live: true }, '/usr/bin/ffmpeg');
  const seed = await readFile(join(scratch, 'seed.webm'));
  await writeFile(file, Buffer.concat([seed, randomBytes(fileBytes - seed.length)]));
  const emulator = await startAuthEmulator();
  const user = await createTestUser(emulator.host);
  return { scratch, dataDir: join(scratch, 'data'), file, emulator, user };
}

/**
 * The API on `setup`'s data directory, worker off, quiet logs (SERVER_LOG_LEVEL=info: the default's
 * line per request); `nodeArgs` and `env` add to it, and SERVER_NODE_ARGS (space-separated: V8's
 * `--log-deopt --logfile=<f>`, say) to the node arguments; `distDir`: that build as it is, rather
 * than apps/api/dist built afresh; `tsx`: the source through tsx instead.
 */
export function startProfiledApi({ root, setup, nodeArgs = [], env = {}, distDir, tsx = process.env.TSX === '1' }) {
  if (!tsx && distDir === undefined) execFileSync(process.execPath, [join(root, 'apps/api/build.mjs')]);
  return startApiServer({
    root,
    built: !tsx,
    ...(distDir ? { distDir } : {}),
    startTimeoutMs: 180_000,
    serverCore: true,
    nodeArgs: [
      ...nodeArgs,
      ...(process.env.PERF_OUT ? ['--perf-basic-prof'] : []),
      ...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    env: {
      DATA_DIR: setup.dataDir,
      WEB_DIST: join(setup.scratch, 'x'),
      WORKER: 'false',
      LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: setup.emulator.host,
      FIREBASE_PROJECT_ID: setup.emulator.projectId,
      ...env,
    },
  });
}

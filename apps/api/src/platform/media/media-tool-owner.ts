// Media tools (ffmpeg, ffprobe, pocketsphinx, tesseract) die with the process that started them.
// Killed with SIGKILL, a Node process runs no handler, and its children are re-parented to init and
// go on for minutes (a 30-minute transcode) while the restarted process redoes the same job beside
// them. Two layers, so neither has to be perfect:
// - on Linux each tool starts through util-linux's `setpriv --pdeathsig KILL`, which asks the
//   kernel to send it SIGKILL the moment its parent dies (setpriv then execs the tool in place, so
//   the request covers the tool itself);
// - each tool carries STREAM_MEDIA_OWNER=<DATA_DIR's id>/<owner tag> in its environment, and a
//   process starting on that DATA_DIR ends the ones whose owner is gone (what slipped between
//   fork and prctl, or a platform without setpriv). Only processes carrying our own DATA_DIR's id
//   are ever signalled.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isOwnerGone, ownerTag } from '../storage/temp-owner';

export const MEDIA_OWNER_VARIABLE = 'STREAM_MEDIA_OWNER';

let scope = 'unclaimed';

/** The id of a DATA_DIR as it appears in its media tools' environment. */
export const dataDirId = (dataDir: string) => createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);

/** The environment entry every media tool of this process carries. */
export const mediaToolMarker = () => ({ [MEDIA_OWNER_VARIABLE]: `${scope}/${ownerTag}` });

let pdeathsig: Promise<string[]> | undefined;

/**
 * What to put before a tool's path so it dies with this process: `setpriv --pdeathsig KILL --`
 * where setpriv exists and knows the option (util-linux 2.33 and later), nothing elsewhere. Asked
 * once per process.
 */
export function dieWithParentPrefix(): Promise<string[]> {
  if (process.platform !== 'linux') return Promise.resolve([]);
  pdeathsig ??= new Promise((done) => {
    const options = ['--pdeathsig', 'KILL', '--'];
    execFile('setpriv', [...options, 'true'], { timeout: 10_000 }, (error) =>
      done(error ? [] : ['setpriv', ...options]),
    );
  });
  return pdeathsig;
}

/**
 * Claims the media tools of `dataDir` for this process and ends (SIGKILL) those a previous process
 * on the same DATA_DIR left running: a process whose STREAM_MEDIA_OWNER names this DATA_DIR and an
 * owner that is gone. Answers how many it ended. Reads /proc, so it does nothing where there is none.
 */
export async function claimMediaTools(dataDir: string): Promise<number> {
  scope = dataDirId(dataDir);
  const pids = await readdir('/proc').catch(() => [] as string[]);
  let ended = 0;
  for (const pid of pids) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    // Another user's processes (EACCES) and ones that ended meanwhile are not ours to judge.
    const environ = await readFile(`/proc/${pid}/environ`, 'latin1').catch(() => '');
    const entry = environ.split('\0').find((line) => line.startsWith(`${MEDIA_OWNER_VARIABLE}=`));
    if (!entry) continue;
    const [owner, tag] = entry.slice(MEDIA_OWNER_VARIABLE.length + 1).split('/');
    if (owner !== scope || !isOwnerGone(tag)) continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
      ended++;
    } catch {
      // gone already
    }
  }
  return ended;
}

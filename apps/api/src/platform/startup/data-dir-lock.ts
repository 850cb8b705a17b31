// One API process per embedded database: PGlite is a single-process database, and a second
// process on the same DATA_DIR used to migrate it before failing on the port. The lock is a file
// holding the owner's pid (and, on Linux, its start time, so a pid reused after a reboot or a
// container restart is not mistaken for the owner); a lock whose owner is gone is taken over.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeCause } from './check-data-dir';
import { StartupError } from './startup-error';

export const LOCK_FILE = 'api.lock';

/** Clock ticks since boot at which `pid` started (field 22 of /proc/<pid>/stat), if readable. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process named in the lock file, or undefined when the lock is stale or unreadable. */
function liveHolder(path: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const [pidText, started] = text.split('\n');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return undefined;
  if (started && startTime(pid) !== undefined && startTime(pid) !== started) return undefined;
  return pid;
}

/**
 * Takes `DATA_DIR/api.lock` for this process until it exits, or throws a StartupError naming
 * the process that holds it. Returns the release function (also run on exit).
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const path = join(dataDir, LOCK_FILE);
  const content = `${process.pid}\n${startTime(process.pid) ?? ''}\n`;
  const release = () => {
    try {
      if (readFileSync(path, 'utf8') === content) unlinkSync(path);
    } catch {
      /* already gone */
    }
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(path, content, { flag: 'wx' });
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new StartupError(`DATA_DIR=${dataDir}: cannot create ${path}: ${describeCause(error)}`);
      }
    }
    const holder = liveHolder(path);
    if (holder !== undefined) {
      throw new StartupError(
        `DATA_DIR=${dataDir} is in use by another API process (pid ${holder}, ${path}): the embedded database serves one process; stop that one first, or use DATABASE_URL to run several`,
      );
    }
    // Stale (its process is gone), or being written this very moment: a moment later tells.
    if (attempt === 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      unlinkSync(path);
    } catch {
      /* another starter took it over first: the next attempt sees its lock */
    }
  }
  throw new StartupError(`DATA_DIR=${dataDir}: could not take ${path}: other processes keep replacing it`);
}

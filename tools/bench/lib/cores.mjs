// A core for the servers measured and another for the client, as on two machines. Sharing both
// cores, the client's own CPU work (4 connections of 1 MiB reads, or sending 1 GiB) competes with
// the server it measures, and where the scheduler happens to place each process moved the
// references more than the code: raw TCP ran at about 500 or 1,100 MiB/s from one round to the
// next (docs/toolchain.md). Every contender of a ratio gets the same placement.
import { execFileSync, spawn } from 'node:child_process';

/** The cores this process may run on ("0,1", "2-3"), as taskset lists them; undefined without taskset. */
function allowedCores() {
  try {
    const answer = execFileSync('taskset', ['-cp', String(process.pid)], { encoding: 'utf8' });
    return answer.split(':').at(-1).trim();
  } catch {
    return undefined;
  }
}

/** "0,2-3" → [0, 2, 3]. */
function coresOf(list) {
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  });
}

/**
 * The first core this process may use for every server measured, the second for the client, and
 * all of them back for what runs as people run it; undefined on a single core or without `taskset`
 * (util-linux), where everything shares whatever cores there are.
 */
export const cores = (() => {
  const all = allowedCores();
  const [server, client] = all ? coresOf(all) : [];
  return all && server !== undefined && client !== undefined ? { server, client, all } : undefined;
})();

/**
 * Spawns a server to measure, on the server's core when `serverCore` and there is one: taskset
 * execs the command, so the child's pid is the server's.
 */
export function spawnServer(command, args, options, serverCore) {
  if (!serverCore || !cores) return spawn(command, args, options);
  return spawn('taskset', ['-c', cores.server, command, ...args], options);
}

/** Moves this process, its threads and every child it starts from now on to `cpus` ("1", "0-1"). */
export function runThisProcessOn(cpus) {
  if (cores) execFileSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
}

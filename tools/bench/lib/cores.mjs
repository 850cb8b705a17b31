// A core for the servers measured and another for the client, as on two machines. Sharing both
// cores, the client's own CPU work (4 connections of 1 MiB reads, or sending 1 GiB) competes with
// the server it measures, and where the scheduler happens to place each process moved the
// references more than the code: raw TCP ran at about 500 or 1,100 MiB/s from one round to the
// next (docs/toolchain.md). Every contender of a ratio gets the same placement.
import { execFileSync, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

function tasksetWorks() {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Core 0 for every server measured, core 1 for the client; undefined on a single core or without
 * `taskset` (util-linux), where everything shares whatever cores there are.
 */
export const cores =
  availableParallelism() >= 2 && tasksetWorks()
    ? { server: '0', client: '1', all: `0-${availableParallelism() - 1}` }
    : undefined;

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

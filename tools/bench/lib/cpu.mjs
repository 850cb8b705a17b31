// CPU time of a process and its live children (nginx's worker under its master), read from
// /proc (Linux). Seconds of user + system time; steadier than throughput on a shared machine.
import { readdir, readFile } from 'node:fs/promises';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux this runs on

/** /proc/<pid>/stat's counters: minflt (7), majflt (9), utime (11), stime (12), after the name. */
async function ownCounters(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return {
    user: Number(fields[11]) / TICKS_PER_SECOND,
    system: Number(fields[12]) / TICKS_PER_SECOND,
    minorFaults: Number(fields[7]),
    majorFaults: Number(fields[9]),
  };
}

async function childrenOf(pid) {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return text.split(' ').filter(Boolean).map(Number);
}

/**
 * User and system seconds and page faults of `pid` and its live children so far: read before and
 * after a measured step (`countersBetween`) to see where its CPU went and how often it touched
 * memory the kernel had to map anew (minor faults: memory handed back and taken again).
 */
export async function countersOf(pid) {
  const total = await ownCounters(pid);
  for (const child of await childrenOf(pid)) {
    const counters = await ownCounters(child).catch(() => undefined);
    if (!counters) continue;
    for (const name of Object.keys(total)) total[name] += counters[name];
  }
  return total;
}

/** `after` minus `before` (see countersOf), with their sum as `cpu`. */
export function countersBetween(before, after) {
  const difference = {};
  for (const name of Object.keys(before)) difference[name] = after[name] - before[name];
  return { ...difference, cpu: difference.user + difference.system };
}

export async function cpuSecondsOf(pid) {
  const { user, system } = await countersOf(pid);
  return user + system;
}

/**
 * Seconds `pid`'s threads and its live children's (nginx's worker) have run, from each thread's
 * /proc schedstat: nanoseconds, where stat's user and system time count 10 ms ticks. For rounds
 * too short for ticks (64 ranges of 1 MiB take about 25 ms of a server's CPU); user and system together.
 */
export async function runSecondsOf(pid) {
  let nanoseconds = 0;
  for (const owner of [pid, ...(await childrenOf(pid))]) {
    const threads = await readdir(`/proc/${owner}/task`).catch(() => []);
    for (const thread of threads) {
      const text = await readFile(`/proc/${owner}/task/${thread}/schedstat`, 'utf8').catch(() => '0');
      nanoseconds += Number(text.split(' ')[0]);
    }
  }
  return nanoseconds / 1e9;
}

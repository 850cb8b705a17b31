// CPU time of a process and its live children (nginx's worker under its master), read from
// /proc (Linux). Seconds of user + system time; steadier than throughput on a shared machine.
import { readFile } from 'node:fs/promises';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux this runs on

async function ownTicks(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime
}

async function childrenOf(pid) {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return text.split(' ').filter(Boolean).map(Number);
}

export async function cpuSecondsOf(pid) {
  let ticks = await ownTicks(pid);
  for (const child of await childrenOf(pid)) ticks += await ownTicks(child).catch(() => 0);
  return ticks / TICKS_PER_SECOND;
}

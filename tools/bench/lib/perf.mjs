// Linux perf sampling of one process while a step runs: where its CPU goes, kernel included (the
// copies, the page faults, the system calls), which a V8 profile shows only as native time. The
// process should run with `node --perf-basic-prof` so its JavaScript frames have names.
import { spawn } from 'node:child_process';

/**
 * Starts `perf record -g` of `pid` into `out` at PERF_FREQ samples a second (499 unless set);
 * `stop()` resolves once perf has written it.
 */
export function recordPerf(pid, out) {
  const perf = spawn('perf', ['record', '-F', process.env.PERF_FREQ ?? '499', '-g', '-p', String(pid), '-o', out], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => perf.once('exit', resolve));
  return {
    async stop() {
      perf.kill('SIGINT');
      await exited;
    },
  };
}

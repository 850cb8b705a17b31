import { randomUUID } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { SqlRunner } from './contracts';
import type { RetryTerms } from './job-wakes';

/** How often a worker says it is alive. */
const BEAT_MS = 5000;
/** Silent this long, a worker on another host is presumed gone (six missed beats). */
const GONE_AFTER_SECONDS = 30;

/** The message a job handed back for its worker gets, as its attempt's output. */
export const WORKER_GONE = 'its worker stopped (killed or crashed) while the job ran';

/**
 * Where this process's pids mean something: the host name, this boot and the pid namespace, so a
 * container sharing the host's name (host networking) or a machine rebooted since never has its
 * pids judged by ours.
 */
function pidSpace(): string {
  const read = (get: () => string) => {
    try {
      return get().trim();
    } catch {
      return '';
    }
  };
  const boot = read(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'));
  return [hostname(), boot, read(() => readlinkSync('/proc/self/ns/pid'))].join(' ');
}

/** The heartbeats of this process (tests may run several workers in one process). */
const beatingHere = new Set<string>();

/** Whether process `pid` of this host is running (signal 0 checks without sending anything). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, but someone else's
  }
}

/**
 * This process's row in `job_workers` and its claims on the jobs it runs (the migration
 * 20261125100000-job-workers says why). At start and at every beat it looks for workers that are
 * gone: silent for 30 s, or on this host with a pid no longer running (or our own pid: a container
 * restarted after a kill) and hands their active jobs back to pg-boss as failed attempts, which
 * retry after the queue's delay (or, on the last attempt, go to the dead-letter queue as an
 * expired job would). A worker killed mid-job is thus replaced within seconds of a restart on the
 * same host, and within about 30 s elsewhere, instead of at the job's expiry.
 */
export class JobHeartbeat {
  readonly id = randomUUID();
  private readonly host = pidSpace();
  private timer?: NodeJS.Timeout;

  private constructor(
    private readonly sql: SqlRunner,
    private readonly boss: PgBoss,
    private readonly log: Logger,
    private readonly handedBack: (job: RetryTerms) => void,
  ) {}

  /** `handedBack`: told of each job handed back, with its retries (its retry is due after their delay). */
  static async start(deps: {
    sql: SqlRunner;
    boss: PgBoss;
    log: Logger;
    beatMs?: number;
    handedBack?: (job: RetryTerms) => void;
  }): Promise<JobHeartbeat> {
    const heartbeat = new JobHeartbeat(deps.sql, deps.boss, deps.log, deps.handedBack ?? (() => undefined));
    beatingHere.add(heartbeat.id);
    await heartbeat.beat();
    heartbeat.timer = setInterval(() => void heartbeat.beat(), deps.beatMs ?? BEAT_MS).unref();
    return heartbeat;
  }

  /** Records that this worker runs job `jobId` of `queue`; a later taker's claim replaces it. */
  async claim(queue: string, jobId: string): Promise<void> {
    await this.sql.executeSql(
      `insert into job_claims (job_id, queue, worker_id) values ($1, $2, $3)
       on conflict (job_id) do update set queue = excluded.queue, worker_id = excluded.worker_id, claimed_at = now()`,
      [jobId, queue, this.id],
    );
  }

  async release(jobId: string): Promise<void> {
    await this.sql.executeSql('delete from job_claims where job_id = $1 and worker_id = $2', [jobId, this.id]);
  }

  /** Stops beating and removes this worker's row (and claims): call once its jobs are handed back. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    beatingHere.delete(this.id);
    await this.sql.executeSql('delete from job_workers where id = $1', [this.id]).catch(() => undefined);
  }

  private async beat(): Promise<void> {
    try {
      await this.sql.executeSql(
        `insert into job_workers (id, host, pid) values ($1, $2, $3)
         on conflict (id) do update set seen_at = now()`,
        [this.id, this.host, process.pid],
      );
      await this.rescue();
    } catch (error) {
      this.log.debug({ err: error }, 'worker heartbeat failed'); // the database away: the next beat tries again
    }
  }

  /** Hands back the active jobs of every worker that is gone, and forgets those workers. */
  private async rescue(): Promise<void> {
    const { rows } = await this.sql.executeSql(
      `select id, host, pid, extract(epoch from now() - seen_at)::float8 as silent_seconds
       from job_workers where id <> $1`,
      [this.id],
    );
    const gone = (rows as { id: string; host: string; pid: number; silent_seconds: number }[])
      .filter(
        (worker) =>
          worker.silent_seconds > GONE_AFTER_SECONDS ||
          (worker.host === this.host &&
            (worker.pid === process.pid ? !beatingHere.has(worker.id) : !running(worker.pid))),
      )
      .map((worker) => worker.id);
    if (!gone.length) return;
    // Taking the claims is one statement: of several processes rescuing at once, one gets each.
    const { rows: claims } = await this.sql.executeSql(
      'delete from job_claims where worker_id = any($1::text[]) returning job_id, queue',
      [gone],
    );
    for (const { job_id: jobId, queue } of claims as { job_id: string; queue: string }[]) {
      const { rows: active } = await this.sql.executeSql(
        `select retry_count as "retryCount", retry_limit as "retryLimit", retry_delay as "retryDelay",
           retry_backoff as "retryBackoff"
         from pgboss.job where id = $1 and name = $2 and state = 'active'`,
        [jobId, queue],
      );
      const job = active[0] as RetryTerms | undefined;
      if (!job) continue; // expired and retried meanwhile, or finished
      await this.boss.fail(queue, jobId, { message: WORKER_GONE });
      this.log.warn({ jobId, queue }, 'handed back a job whose worker is gone');
      this.handedBack(job);
    }
    await this.sql.executeSql('delete from job_workers where id = any($1::text[])', [gone]);
  }
}

// An idle worker polls the queue rarely on the embedded database (PROCESSING_POLL_SECONDS, 10 s
// by default there): every job this process queues wakes it, and so do the jobs pg-boss makes due
// later (a retry once its delay passed, a dead letter, a job sent to start later, a job handed
// back from a worker that is gone), and a worker that finished a job looks at once for the next. Here the poll is a minute, so each job that runs
// within seconds was woken; one job, sent where nothing wakes the worker, shows the poll itself.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../src/platform/db/database';
import { createProcessing, type AppJob, type Processing } from '../../src/platform/processing';
import { resolveProcessingConfig } from '../../src/platform/processing/processing-config';
import { openTestDatabase } from '../support/test-database';
import { until } from '../support/until';

const unused = () => Promise.reject(new Error('no video is processed here'));
const videos = {
  findForProcessing: unused,
  fetchUpload: unused,
  markReady: unused,
  addStoryboard: unused,
  markFailed: unused,
};

/** Well under the poll: a job that runs within this was woken, not found by the poll. */
const WOKEN_MS = 15_000;

interface Step {
  key: string;
}

describe('job wakes on the embedded database', () => {
  let dir: string;
  let database: AppDatabase;
  let processing: Processing;
  /** When each key's attempts ran (ms since the epoch), in order. */
  const runs = new Map<string, number[]>();
  const deadLetters = new Map<string, number>();
  /** Keys whose attempts fail (the retry and dead-letter cases). */
  const failing = new Map<string, number>();
  /** A key whose attempt waits for `release` (the back-to-back case). */
  let held: { key: string; release: () => void; started: Promise<void>; start: () => void } | undefined;

  const ran = (key: string) => runs.get(key) ?? [];
  /** A second pg-boss on the same database: it sends without telling this process's workers. */
  const otherBoss = () =>
    new PgBoss({
      db: { executeSql: (text, values) => database.executor.executeSql(text, values) },
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
  // The dead letters' queue first: pg-boss makes a queue's dead-letter queue exist before it.
  const appJobs: AppJob<Step>[] = [
    {
      name: 'wake-test-gave-up',
      queue: { retryLimit: 0 },
      async handle(job) {
        deadLetters.set(job.data.key, Date.now());
      },
    },
    {
      name: 'wake-test',
      queue: { retryLimit: 1, retryDelay: 2, retryBackoff: false, deadLetter: 'wake-test-gave-up' },
      async handle(job) {
        const { key } = job.data;
        runs.set(key, [...ran(key), Date.now()]);
        if (held?.key === key) {
          held.start();
          await new Promise<void>((release) => (held!.release = release));
        }
        const failures = failing.get(key) ?? 0;
        if (failures > 0) {
          failing.set(key, failures - 1);
          throw new Error(`attempt ${ran(key).length} of ${key} fails, as the test asks`);
        }
      },
    },
  ];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'job-wakes-'));
    database = await openTestDatabase('pglite');
    processing = await createProcessing({
      config: { PROCESSING_POLL_SECONDS: 60 },
      executor: database.executor,
      videos,
      scratchDir: join(dir, 'scratch'),
      log: pino({ level: 'silent' }),
      appJobs: appJobs as AppJob[],
      alone: true,
    });
    await processing.startWorker();
  }, 60_000);

  afterAll(async () => {
    held?.release();
    await processing?.stop(1_000);
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('polls every 10 s on the embedded database and every second on PostgreSQL, unless told', () => {
    expect(resolveProcessingConfig({}, { alone: true }).pollSeconds).toBe(10);
    expect(resolveProcessingConfig({}).pollSeconds).toBe(1);
    expect(resolveProcessingConfig({ PROCESSING_POLL_SECONDS: 3 }, { alone: true }).pollSeconds).toBe(3);
  });

  it('runs a job queued in this process at once', async () => {
    const sent = Date.now();
    await processing.sendJob('wake-test', { key: 'at-once' });
    await until('the job to run', () => ran('at-once')[0], WOKEN_MS);
    expect(ran('at-once')[0]! - sent).toBeLessThan(WOKEN_MS);
  });

  it('runs a failed attempt’s retry when its delay has passed, and its dead letter after the last', async () => {
    failing.set('flaky', 1);
    failing.set('hopeless', 2);
    await processing.sendJob('wake-test', { key: 'flaky' });
    await processing.sendJob('wake-test', { key: 'hopeless' });
    const [first, retry] = await until(
      'the retry',
      () => (ran('flaky').length >= 2 ? ran('flaky') : undefined),
      40_000,
    );
    // pg-boss makes the retry due retryDelay (2 s) after the failure: woken then, not at the poll.
    expect(retry! - first!).toBeGreaterThanOrEqual(1_500);
    expect(retry! - first!).toBeLessThan(WOKEN_MS);
    const gaveUp = await until('the dead letter', () => deadLetters.get('hopeless'), 40_000);
    expect(ran('hopeless')).toHaveLength(2);
    expect(gaveUp - ran('hopeless')[1]!).toBeLessThan(WOKEN_MS);
    expect(deadLetters.has('flaky')).toBe(false);
  }, 60_000);

  it('runs a job sent to start later when it is due', async () => {
    const sent = Date.now();
    await processing.sendJob('wake-test', { key: 'later' }, { startAfter: 3 });
    const at = await until('the later job', () => ran('later')[0], 40_000);
    expect(at - sent).toBeGreaterThanOrEqual(2_500);
    expect(at - sent).toBeLessThan(WOKEN_MS);
  }, 60_000);

  it('runs the jobs queued behind a running one as soon as it ends', async () => {
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    held = { key: 'first', release: () => undefined, started, start };
    await processing.sendJob('wake-test', { key: 'first' });
    await started;
    // Each wake lands while the worker is busy; only the one at the end of its job starts these.
    await processing.sendJob('wake-test', { key: 'second' });
    await processing.sendJob('wake-test', { key: 'third' });
    const released = Date.now();
    held.release();
    const third = await until('the queued jobs', () => ran('third')[0], 40_000);
    expect(ran('second')).toHaveLength(1);
    expect(third - released).toBeLessThan(WOKEN_MS);
  }, 60_000);

  it('runs a job whose worker is gone (handed back by the heartbeat) when its retry is due', async () => {
    const other = otherBoss();
    await other.start();
    try {
      // Another worker took the job and died: its row silent for a minute, its claim still held.
      await other.send('wake-test', { key: 'orphan' });
      const [job] = await other.fetch<Step>('wake-test');
      expect(job?.data.key).toBe('orphan');
      const sql = database.executor;
      await sql.executeSql(
        `insert into job_workers (id, host, pid, seen_at) values ('gone', 'elsewhere', 1, now() - interval '1 minute')`,
      );
      await sql.executeSql(`insert into job_claims (job_id, queue, worker_id) values ($1, 'wake-test', 'gone')`, [
        job!.id,
      ]);
      const handedBack = Date.now();
      // The next beat (every 5 s) hands it back; its retry is due 2 s later, and wakes this worker.
      const at = await until('the orphan job', () => ran('orphan')[0], 40_000);
      expect(at - handedBack).toBeLessThan(WOKEN_MS);
    } finally {
      await other.stop({ graceful: false, close: false });
    }
  }, 60_000);

  it('finds a job nobody woke it for (another process’s) at its poll, not before', async () => {
    const other = otherBoss();
    await other.start();
    try {
      const sent = Date.now();
      await other.send('wake-test', { key: 'unannounced' });
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(ran('unannounced')).toHaveLength(0);
      // Another job of this process wakes the worker, which then finds both.
      await processing.sendJob('wake-test', { key: 'announced' });
      await until('both jobs', () => (ran('unannounced')[0] && ran('announced')[0]) || undefined, WOKEN_MS);
      expect(ran('unannounced')[0]! - sent).toBeGreaterThanOrEqual(5_000);
    } finally {
      await other.stop({ graceful: false, close: false });
    }
  }, 60_000);
});

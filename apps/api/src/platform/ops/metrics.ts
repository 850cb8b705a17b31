import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Outcome of one processing attempt, as the worker reports it. */
export type JobOutcome = 'ready' | 'failed' | 'retry' | 'skipped' | 'no-room';

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const JOB_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600];
/**
 * How often the event-loop delay is sampled (prom-client's default is 10 ms). Each sample is a
 * timer that wakes an idle process: at 10 ms they cost an idle API about 8 ms of CPU a second on
 * the benchmark machine, at 100 ms about 1. A loop blocked for longer than this is
 * still seen, and the deployment guide's alert is at 0.5 s.
 */
export const LOOP_DELAY_RESOLUTION_MS = 100;

/**
 * Every metric the API and worker export, in one registry per process (tests build several
 * servers in one process, so nothing goes into prom-client's global registry). Process memory,
 * CPU and event-loop lag come from prom-client's default collectors.
 */
export class ApiMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'stream_http_requests_total',
    help: 'HTTP requests answered, by route (RPC method path for RPCs), method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  readonly requestSeconds = new Histogram({
    name: 'stream_http_request_duration_seconds',
    help: 'Time from request to the last byte of the answer, by route and method',
    labelNames: ['route', 'method'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  readonly uploadBytes = this.counter(
    'stream_upload_bytes_total',
    'Bytes of upload bodies accepted (whole-file and resumable)',
  );
  readonly streamBytes = this.counter('stream_stream_bytes_total', 'Bytes of video and thumbnail bodies sent in full');
  readonly activeUploads = this.gauge('stream_active_uploads', 'Upload requests in progress');
  readonly activeStreams = this.gauge('stream_active_streams', 'Video and thumbnail responses in progress');
  readonly closedEarly = new Counter({
    name: 'stream_connections_closed_early_total',
    help: 'Uploads and streams whose connection closed before their answer was sent in full, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly rateLimited = new Counter({
    name: 'stream_rate_limited_total',
    help: 'Requests refused by a rate limit (counted in the database, shared by the cluster), by limit',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  readonly jobSeconds = new Histogram({
    name: 'stream_job_duration_seconds',
    help: 'Processing attempts, by outcome',
    labelNames: ['outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  /**
   * `processMetrics`: prom-client's default collectors (memory, CPU, event-loop delay, GC), for a
   * process whose metrics someone can read (METRICS_TOKEN set); without, they would only cost CPU.
   */
  constructor({ processMetrics = true }: { processMetrics?: boolean } = {}) {
    if (processMetrics)
      collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: LOOP_DELAY_RESOLUTION_MS });
  }

  /** Reports the processing queue's depth, the age of its oldest waiting job and the live workers, read at each scrape. */
  watchQueue(
    queueDepth: () => Promise<number>,
    queueHealth: () => Promise<{ oldestWaitingSeconds: number; liveWorkers: number }>,
  ): void {
    this.gaugeReading('stream_job_queue_depth', 'Processing jobs waiting or about to run (not yet active)', queueDepth);
    let health: Promise<{ oldestWaitingSeconds: number; liveWorkers: number }> | undefined;
    // One query for both gauges of a scrape.
    const read = () => (health ??= queueHealth().finally(() => setTimeout(() => (health = undefined), 100)));
    this.gaugeReading(
      'stream_job_queue_oldest_seconds',
      'How long the oldest processing job not yet started has waited (0: none waits)',
      async () => (await read()).oldestWaitingSeconds,
    );
    this.gaugeReading(
      'stream_job_workers_alive',
      'Workers (separate or inside an API) that said they were alive in the last 30 s',
      async () => (await read()).liveWorkers,
    );
  }

  /** A gauge whose value `read` answers at each scrape. */
  private gaugeReading(name: string, help: string, read: () => Promise<number>): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  /** Reports the embedded database's WebAssembly memory, which the heap and RSS gauges cannot tell apart. */
  watchDatabaseMemory(bytes: () => number): void {
    new Gauge({
      name: 'stream_database_wasm_memory_bytes',
      help: "PGlite's WebAssembly memory (it grows to its busiest moment and is never given back)",
      registers: [this.registry],
      collect() {
        this.set(bytes());
      },
    });
  }

  private counter(name: string, help: string): Counter {
    return new Counter({ name, help, registers: [this.registry] });
  }

  private gauge(name: string, help: string): Gauge {
    return new Gauge({ name, help, registers: [this.registry] });
  }

  /** Records one processing attempt (the worker calls this). */
  jobDone(outcome: JobOutcome, seconds: number): void {
    this.jobSeconds.labels(outcome).observe(seconds);
  }
}

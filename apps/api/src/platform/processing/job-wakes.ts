/** A moment's grace past a job's due time, so the look finds it due on the database's clock too. */
const SLACK_MS = 250;

/**
 * How long after a failed last attempt its dead letter is looked for: pg-boss queues it (to
 * GAVE_UP_QUEUE and the like) as it records the failure, just after the handler threw.
 */
const DEAD_LETTER_MS = 1_000;

/** setTimeout's longest wait (about 24.8 days); a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** What pg-boss tells a handler of its job's retries (`includeMetadata`). */
export interface RetryTerms {
  retryCount: number;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
}

/**
 * The latest a failed attempt's retry becomes due, in seconds: pg-boss sets it `retryDelay` later,
 * or with backoff somewhere in the upper half of `retryDelay × 2^(retryCount + 1)` (plans.js, failJobs).
 */
export function latestRetrySeconds({ retryCount, retryDelay, retryBackoff }: RetryTerms): number {
  return retryBackoff ? retryDelay * 2 ** Math.min(16, retryCount + 1) : retryDelay;
}

/** Seconds until a job sent with pg-boss's `startAfter` (seconds, a Date or an ISO string) is due. */
export function secondsUntil(startAfter: number | string | Date | undefined, now = Date.now()): number {
  if (startAfter === undefined) return 0;
  if (typeof startAfter === 'number') return Math.max(0, startAfter);
  const at = startAfter instanceof Date ? startAfter.getTime() : Date.parse(startAfter);
  return Number.isFinite(at) ? Math.max(0, (at - now) / 1000) : 0;
}

/**
 * Wakes this process's workers when a job they were not told of becomes due, so their poll
 * (PROCESSING_POLL_SECONDS) is only the backstop for other processes' jobs: a retry once its delay
 * has passed, a dead letter just after the last attempt failed, a job sent to start later.
 */
export class JobWakes {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly wake: () => void) {}

  /** Wakes the workers `seconds` from now (at once for 0). */
  in(seconds = 0): void {
    if (seconds <= 0) return this.wake();
    this.after(seconds * 1000 + SLACK_MS);
  }

  /** An attempt failed: its retry is looked for when due, or its dead letter once queued. */
  afterFailure(job: RetryTerms): void {
    if (job.retryCount < job.retryLimit) this.in(latestRetrySeconds(job));
    else this.after(DEAD_LETTER_MS);
  }

  /** No wake comes after this (the workers are stopping). */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private after(ms: number): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.wake();
      },
      Math.min(ms, LONGEST_TIMER_MS),
    ).unref();
    this.timers.add(timer);
  }
}

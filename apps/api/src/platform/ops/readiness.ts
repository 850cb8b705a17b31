/** One dependency the API needs to serve: a name, a probe that rejects when it is not usable, how long an answer holds. */
export interface ReadinessCheck {
  name: string;
  probe(): Promise<void>;
  /** How long a result is reused; the blob store's probe writes a blob, so it runs less often. */
  cacheMs?: number;
  /**
   * Reported under `warnings`, without making the process unready: something the whole cluster
   * lacks (no worker alive) is no reason for a balancer to take every API out. `?strict=1` counts it.
   */
  advisory?: boolean;
}

export interface ReadinessReport {
  ready: boolean;
  /** Per check: 'ok', or why not; 'stopping' alone once shutdown began. */
  checks: Record<string, string>;
  /** Advisory checks that failed, with why; absent when none did. */
  warnings?: Record<string, string>;
}

/**
 * A probe that has not answered by then counts as failed: a load balancer must not wait on it.
 * Not less: a cold first probe on a machine busy with other work took over 2 s in CI.
 */
const PROBE_TIMEOUT_MS = 5000;
const DEFAULT_CACHE_MS = 1000;

/**
 * Whether this process should get traffic. Each check's result is reused for its `cacheMs`, and
 * callers that arrive while a probe runs share it, so a load balancer asking every second costs
 * one `select 1` a second. `stop()` makes every later answer "not ready" at once (SIGTERM), before
 * the server stops accepting, so the balancer moves away first.
 */
export class Readiness {
  private stopping = false;
  private readonly results = new Map<string, { at: number; pending: Promise<string> }>();

  constructor(
    private readonly checks: ReadinessCheck[],
    private readonly probeTimeoutMs = PROBE_TIMEOUT_MS,
  ) {}

  stop(): void {
    this.stopping = true;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** `strict`: advisory checks count too (for monitoring, not for a balancer). */
  async report(strict = false): Promise<ReadinessReport> {
    if (this.stopping) return { ready: false, checks: { shutdown: 'stopping' } };
    const now = Date.now();
    const answers = await Promise.all(this.checks.map((check) => this.result(check, now)));
    const checks: Record<string, string> = {};
    const warnings: Record<string, string> = {};
    let ready = !this.stopping;
    this.checks.forEach((check, index) => {
      const answer = answers[index]!;
      if (check.advisory && !strict) {
        if (answer !== 'ok') warnings[check.name] = answer;
        return;
      }
      checks[check.name] = answer;
      if (answer !== 'ok') ready = false;
    });
    return Object.keys(warnings).length ? { ready, checks, warnings } : { ready, checks };
  }

  private result(check: ReadinessCheck, now: number): Promise<string> {
    const cached = this.results.get(check.name);
    if (cached && now - cached.at < (check.cacheMs ?? DEFAULT_CACHE_MS)) return cached.pending;
    const pending = withTimeout(check.probe(), this.probeTimeoutMs).then(
      () => 'ok',
      (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200),
    );
    this.results.set(check.name, { at: now, pending });
    return pending;
  }
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

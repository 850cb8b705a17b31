/** A key's count in its current window, and how long until that window ends. */
export interface WindowCount {
  hits: number;
  msLeft: number;
}

/**
 * Counts hits per key in fixed windows: a key's window starts at its first hit and lasts
 * `windowMs`; the first hit after it ended starts the next. Kept in the database
 * (DatabaseRateLimitCounter), so every process of a cluster counts the same hits.
 */
export interface RateLimitCounter {
  /** Adds one hit to `key` and answers its count, this hit included. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** `key`'s count without adding to it; undefined when its window has ended or never began. */
  peek(key: string): Promise<WindowCount | undefined>;
}

/** A counter in this process alone: for unit tests, and what one process would do by itself. */
export class MemoryRateLimitCounter implements RateLimitCounter {
  private readonly windows = new Map<string, { hits: number; endsAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.windows.size > 10_000) this.forgetEnded(now);
      window = { hits: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.hits++;
    return { hits: window.hits, msLeft: window.endsAt - now };
  }

  async peek(key: string): Promise<WindowCount | undefined> {
    const now = this.now();
    const window = this.windows.get(key);
    return window && window.endsAt > now ? { hits: window.hits, msLeft: window.endsAt - now } : undefined;
  }

  private forgetEnded(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

import type { RateLimitCounter } from './rate-limit-counter';

/**
 * At most `max` actions per key in a window of `windowMs`, counted in `counter` (the database in
 * a server: every API process of a cluster counts the same actions). What one person
 * may post is bounded whatever addresses and processes they come through.
 */
export class PersonRateLimit {
  constructor(
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
    private readonly counter: RateLimitCounter,
  ) {}

  /** Counts one action of `key` and says whether it is allowed. */
  async take(key: string): Promise<boolean> {
    const { hits } = await this.counter.hit(`${this.name}:${key}`, this.windowMs);
    return hits <= this.max;
  }
}

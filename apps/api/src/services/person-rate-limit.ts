/**
 * At most `max` actions per key in any `windowMs`, counted in this process (a sliding log of
 * times per key). What one person may post is bounded whatever addresses they come from.
 */
export class PersonRateLimit {
  private readonly log = new Map<string, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one action of `key` and says whether it is allowed (a refused one is not counted). */
  take(key: string): boolean {
    const now = this.now();
    const recent = (this.log.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (recent.length >= this.max) {
      this.log.set(key, recent);
      return false;
    }
    recent.push(now);
    this.log.set(key, recent);
    if (this.log.size > 10_000) this.forgetIdle(now);
    return true;
  }

  private forgetIdle(now: number): void {
    for (const [key, times] of this.log) if (times.every((at) => now - at >= this.windowMs)) this.log.delete(key);
  }
}

/**
 * Which asset version a signed URL's video was last found in, so the range requests of one
 * playback (a seek is a new request) skip the database. Only signed URLs use it: the signature
 * alone authorises them, whatever the row says now, so the row is needed only to find the
 * version, and a version that is gone (processed, deleted) is dropped and looked up again.
 * Bounded in size and age; per process, so nothing needs invalidating across instances.
 */
export class RecentBlobKeys<V = string> {
  private readonly entries = new Map<string, { key: V; until: number }>();

  constructor(
    private readonly options: { maxEntries: number; ttlMs: number; now?: () => number } = {
      maxEntries: 1000,
      ttlMs: 10_000,
    },
  ) {}

  get(id: string): V | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.key;
  }

  set(id: string, key: V): void {
    this.entries.delete(id); // re-inserted last: the Map's order is the eviction order
    this.entries.set(id, { key, until: this.now() + this.options.ttlMs });
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  forget(id: string): void {
    this.entries.delete(id);
  }

  /** Forgets every key: someone lost access, and a signed URL must ask the access rules again. */
  clear(): void {
    this.entries.clear();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}

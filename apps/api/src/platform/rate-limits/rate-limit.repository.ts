import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A key's count in its current window (platform/rate-limits/rate-limit-counter.ts has the interface this meets). */
export interface WindowCount {
  hits: number;
  msLeft: number;
}

/** Ended windows are deleted at most this often per process (a hit reuses its own key's row anyway). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Rate limit windows in rate_limit_windows: one atomic upsert per hit, timed by the
 * database's clock, so every process of a cluster counts the same hits in the same windows.
 */
export class DatabaseRateLimitCounter {
  private lastSweep = Date.now();

  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    this.sweepNowAndThen();
    key = stored(key);
    const { rows } = await sql<{ hits: number; ms_left: number }>`
      insert into rate_limit_windows as w (key, hits, window_ends_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when w.window_ends_at <= now() then 1 else w.hits + 1 end,
        window_ends_at = case when w.window_ends_at <= now() then excluded.window_ends_at else w.window_ends_at end
      returning hits, (extract(epoch from window_ends_at - now()) * 1000)::float8 as ms_left`.execute(this.db);
    return { hits: rows[0]!.hits, msLeft: Math.max(0, Math.ceil(Number(rows[0]!.ms_left))) };
  }

  async peek(key: string): Promise<WindowCount | undefined> {
    key = stored(key);
    const { rows } = await sql<{ hits: number; ms_left: number }>`
      select hits, (extract(epoch from window_ends_at - now()) * 1000)::float8 as ms_left
      from rate_limit_windows where key = ${key} and window_ends_at > now()`.execute(this.db);
    const row = rows[0];
    return row ? { hits: row.hits, msLeft: Math.max(0, Math.ceil(Number(row.ms_left))) } : undefined;
  }

  private sweepNowAndThen(): void {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    // Best effort: a failed sweep leaves rows the next one removes.
    void this.db
      .deleteFrom('rate_limit_windows')
      .where('window_ends_at', '<', sql<Date>`now()`)
      .execute()
      .catch(() => undefined);
  }
}

/**
 * A key as the table keeps it: its SHA-256. Keys name people and addresses (`comment:<uid>`,
 * `sign-in:<ip>`); the table needs only to tell them apart, and a deleted account leaves nothing.
 */
function stored(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

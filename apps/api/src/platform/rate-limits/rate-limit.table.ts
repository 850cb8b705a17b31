/** Counts shared by every API process of a cluster: see migrations/20261126060000-rate-limits.ts. */
export interface RateLimitWindowTable {
  key: string;
  hits: number;
  window_ends_at: Date;
}

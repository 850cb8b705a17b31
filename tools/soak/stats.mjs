// Latency percentiles and status counts of the soak's requests.
export class Stats {
  latencies = [];
  statuses = new Map();
  errors = [];
  bytes = 0;

  record(status, milliseconds, bytes = 0) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    this.latencies.push(milliseconds);
    this.bytes += bytes;
  }

  /** A failure that is not an HTTP status (connection reset, wrong bytes): kept, first 20 listed. */
  fail(message) {
    this.errors.push(message);
  }

  get count() {
    return this.latencies.length;
  }

  count5xx() {
    return [...this.statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
  }

  /** The p-th percentile (nearest rank) of the latencies, in ms. */
  percentile(p) {
    if (this.latencies.length === 0) return NaN;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  }

  statusLine() {
    return (
      [...this.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(', ') || 'none'
    );
  }
}

import { describe, expect, it } from 'vitest';
import { ApiMetrics } from './metrics';

describe('ApiMetrics', () => {
  it("collects the process's own metrics only for a process whose metrics can be read", async () => {
    const served = await new ApiMetrics({ processMetrics: true }).registry.metrics();
    const unserved = await new ApiMetrics({ processMetrics: false }).registry.metrics();
    expect(served).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(served).toContain('process_resident_memory_bytes');
    expect(unserved).not.toContain('nodejs_');
    expect(unserved).not.toContain('process_');
    // The product's own metrics are there either way.
    expect(unserved).toContain('stream_http_requests_total');
  });
});

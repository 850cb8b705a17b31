// The server's memory as the kernel and V8 see it: VmRSS from /proc, and the heap, external and
// array-buffer bytes from its /metrics (prom-client's default gauges), so a rise in RSS can be
// told apart as JavaScript objects, buffers, or memory neither accounts for (native allocations,
// the embedded database's WebAssembly memory, the allocator keeping freed pages).
import { memoryOf } from '../bench/lib/rss.mjs';

const GAUGES = {
  heapUsed: 'nodejs_heap_size_used_bytes',
  heapTotal: 'nodejs_heap_size_total_bytes',
  external: 'nodejs_external_memory_bytes',
  databaseWasm: 'stream_database_wasm_memory_bytes',
};

export async function serverMemory(server, metricsToken) {
  const { rss } = await memoryOf(server.pid);
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = response.ok ? await response.text() : '';
  const read = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  return { rss, ...Object.fromEntries(Object.entries(GAUGES).map(([key, name]) => [key, read(name)])) };
}

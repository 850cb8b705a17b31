import { ServerResponse, type IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { meterAnswer } from './http-metrics';
import { ApiMetrics } from './metrics';

const ROUTE = '/api/videoservice/video/:id';

/** A response to a request of `method`, with a 206 head of `length` bytes set. */
function rangeAnswer(method: string, length: number): ServerResponse {
  const response = new ServerResponse({ method, httpVersionMajor: 1, httpVersionMinor: 1 } as IncomingMessage);
  response.statusCode = 206;
  response.setHeader('content-length', length);
  return response;
}

/** The value of `name`'s series (with `labels`, as prom-client writes them), or undefined. */
const sample = (text: string, name: string, labels = '') =>
  /^\S+ (\d+)$/m.exec(text.split('\n').find((line) => line.startsWith(`${name}${labels} `)) ?? '')?.[1];

describe('meterAnswer (the signed range lane)', () => {
  it('counts a whole answer with its bytes, a cut one as closed early, a HEAD without bytes', async () => {
    const metrics = new ApiMetrics({ processMetrics: false });
    const meter = meterAnswer(metrics, ROUTE);

    const whole = rangeAnswer('GET', 100);
    const wholeDone = meter('GET', whole);
    expect(sample(await metrics.registry.metrics(), 'stream_active_streams')).toBe('1');
    whole.end();
    wholeDone();

    const cut = rangeAnswer('GET', 50);
    const cutDone = meter('GET', cut);
    cut.destroy();
    cutDone();

    const head = rangeAnswer('HEAD', 70);
    const headDone = meter('HEAD', head);
    head.end();
    headDone();

    const text = await metrics.registry.metrics();
    expect(sample(text, 'stream_stream_bytes_total')).toBe('100');
    expect(sample(text, 'stream_active_streams')).toBe('0');
    expect(sample(text, 'stream_connections_closed_early_total', '{kind="stream"}')).toBe('1');
    expect(sample(text, 'stream_http_requests_total', `{route="${ROUTE}",method="GET",status="206"}`)).toBe('2');
    expect(sample(text, 'stream_http_requests_total', `{route="${ROUTE}",method="HEAD",status="206"}`)).toBe('1');
  });
});

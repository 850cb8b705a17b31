import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions } from './log-options';
import { requestLinesOf, type LogRequestLines } from './request-lines';

/** A pino logger as the server makes it (log-options.ts), at `level`, and the JSON lines it wrote. */
function capturingLogger(level: string): { log: Logger; lines: () => Record<string, unknown>[] } {
  const written: string[] = [];
  const options = loggerOptions({ level }) as pino.LoggerOptions;
  // Fastify adds its `res` serializer to the logger it makes; the lane's lines go through that logger.
  const log = pino(
    {
      ...options,
      serializers: { ...options.serializers, res: (res: ServerResponse) => ({ statusCode: res.statusCode }) },
    },
    { write: (line: string) => void written.push(line) },
  );
  return { log, lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise((closed) => (server ? server.close(closed) : closed(undefined)));
  server = undefined;
});

/** A server whose every request `logLines` logs and `answer` answers; resolves with its base URL. */
async function serve(logLines: LogRequestLines, answer: (response: ServerResponse) => void): Promise<string> {
  server = createServer((request, response) => {
    logLines(request, response);
    answer(response);
  });
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('request lines for answers made outside Fastify', () => {
  it('are none below info: nothing is spent on them', () => {
    expect(requestLinesOf(capturingLogger('warn').log, () => 'id')).toBeUndefined();
  });

  it('log the request (secrets redacted) and its completion under the request id', async () => {
    const { log, lines } = capturingLogger('info');
    const base = await serve(
      requestLinesOf(log, () => 'request-0001')!,
      (response) => {
        response.statusCode = 206;
        response.end('bytes');
      },
    );
    await (await fetch(`${base}/api/videoservice/video/v1?expires=9&signature=SECRET`)).text();
    await new Promise((done) => setTimeout(done, 20));
    const [incoming, completed] = lines();
    expect(incoming).toMatchObject({
      reqId: 'request-0001',
      msg: 'incoming request',
      req: {
        method: 'GET',
        url: '/api/videoservice/video/v1?expires=9&signature=[redacted]',
        remoteAddress: '127.0.0.1',
      },
    });
    expect(completed).toMatchObject({ reqId: 'request-0001', msg: 'request completed', res: { statusCode: 206 } });
    expect(typeof completed!.responseTime).toBe('number');
    expect(JSON.stringify(lines())).not.toContain('SECRET');
  });

  it('log an answer that fails as errored, once', async () => {
    const { log, lines } = capturingLogger('info');
    const base = await serve(
      requestLinesOf(log, () => 'request-0002')!,
      (response) => {
        response.emit('error', new Error('the disk went away'));
        response.end();
      },
    );
    await (await fetch(`${base}/x`)).text();
    await new Promise((done) => setTimeout(done, 20));
    expect(lines().map((line) => line.msg)).toEqual(['incoming request', 'request errored']);
    expect(lines()[1]).toMatchObject({ level: 50, err: { message: 'the disk went away' } });
  });
});

// A failure the caller cannot fix (here: the database is gone) is `internal` without details,
// and the cause goes to the log.
import { Code, ConnectError } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
const logged: unknown[] = [];
beforeAll(async () => {
  server = await startTestServer({ database: 'pglite' });
  server.app.log.error = ((details: unknown) => void logged.push(details)) as typeof server.app.log.error;
  await server.database.close();
}, 120_000);
afterAll(() => server?.close());

describe('internal failures', () => {
  it('answer Code.Internal with no detail, over both protocols, and log the cause', async () => {
    for (const protocol of ['grpc-web', 'connect'] as const) {
      const error = await videoClient(server.baseUrl, { protocol })
        .getVideo({ videoId: 'any' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectError);
      expect((error as ConnectError).code).toBe(Code.Internal);
      expect((error as ConnectError).rawMessage).toBe('Internal error');
    }
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(logged[0]).toMatchObject({ method: 'GetVideo', err: expect.any(Error) });
  });

  it('answer HTTP 500 without details on the stream route', async () => {
    const response = await fetch(`${server.baseUrl}/api/videoservice/video/any`);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toMatch(/PGlite|closed|database/i);
  });
});

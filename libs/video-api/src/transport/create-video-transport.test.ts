import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createClient, type ConnectRouter } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import { ConversationService, Status, VideoSchema, VideoService } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoTransport } from './create-video-transport';
import { requestTimeoutMs } from './request-timeout';

// A real gRPC-web server on 127.0.0.1 that echoes what the transport sent.
let server: Server;
let baseUrl: string;
const seen: {
  authorization: string | null;
  contentType: string | null;
  timeout: string | null;
  sharePass: string | null;
}[] = [];

beforeAll(async () => {
  const routes = (router: ConnectRouter) =>
    router.service(VideoService, {
      getVideo(req, ctx) {
        seen.push({
          authorization: ctx.requestHeader.get('authorization'),
          contentType: ctx.requestHeader.get('content-type'),
          timeout: ctx.requestHeader.get('grpc-timeout'),
          sharePass: ctx.requestHeader.get('x-share-pass'),
        });
        if (req.videoId === 'missing') throw new ConnectError('no such video', Code.NotFound);
        return create(VideoSchema, {
          id: req.videoId,
          title: 'Demo',
          status: Status.READY,
          createdAt: timestampFromDate(new Date('2026-01-02T03:04:05Z')),
        });
      },
    });
  server = createServer(connectNodeAdapter({ routes }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createVideoTransport', () => {
  it('speaks gRPC-web and sends the bearer token from getToken', async () => {
    const client = createClient(VideoService, createVideoTransport({ baseUrl, getToken: () => 'tok-1' }));
    const video = await client.getVideo({ videoId: 'v1' });
    expect(video.id).toBe('v1');
    expect(video.status).toBe(Status.READY);
    const last = seen.at(-1);
    expect(last?.authorization).toBe('Bearer tok-1');
    expect(last?.contentType).toBe('application/grpc-web+proto');
  });

  it('awaits an async getToken and reads it on every call', async () => {
    let token = 'first';
    const client = createClient(VideoService, createVideoTransport({ baseUrl, getToken: async () => token }));
    await client.getVideo({ videoId: 'a' });
    token = 'second';
    await client.getVideo({ videoId: 'b' });
    expect(seen.slice(-2).map((s) => s.authorization)).toEqual(['Bearer first', 'Bearer second']);
  });

  it("sends a share link's pass (an embed's grant) on every call when it has one, else none", async () => {
    const framed = createClient(
      VideoService,
      createVideoTransport({ baseUrl, getToken: () => undefined, sharePass: '123.abc.mac' }),
    );
    await framed.getVideo({ videoId: 'framed-1' });
    await framed.getVideo({ videoId: 'framed-2' });
    expect(seen.slice(-2).map((s) => s.sharePass)).toEqual(['123.abc.mac', '123.abc.mac']);
    await createClient(VideoService, createVideoTransport({ baseUrl, getToken: () => 't' })).getVideo({ videoId: 'p' });
    expect(seen.at(-1)?.sharePass).toBeNull();
  });

  it('sends no authorization header when there is no token', async () => {
    const client = createClient(VideoService, createVideoTransport({ baseUrl, getToken: () => undefined }));
    await client.getVideo({ videoId: 'anon' });
    expect(seen.at(-1)?.authorization).toBeNull();
  });

  it('surfaces server errors as ConnectError with their code', async () => {
    const client = createClient(VideoService, createVideoTransport({ baseUrl, getToken: () => 't' }));
    const error = await client.getVideo({ videoId: 'missing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.NotFound);
  });

  it('sends the deadline as grpc-timeout when one is set', async () => {
    const client = createClient(VideoService, createVideoTransport({ baseUrl, getToken: () => 't', deadlineMs: 5000 }));
    await client.getVideo({ videoId: 'deadline' });
    expect(seen.at(-1)?.timeout).toMatch(/^\d+m$/);
  });

  it('reports an unreachable server as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createClient(
      VideoService,
      createVideoTransport({ baseUrl: `http://127.0.0.1:${port}`, getToken: () => 't' }),
    );
    const error = await client.getVideo({ videoId: 'x' }).catch((e: unknown) => e);
    expect(ConnectError.from(error).code).toBe(Code.Unavailable);
  });
});

describe('createVideoTransport against a server that is not the video service', () => {
  it('names an HTML answer "Unknown Content-type received"', async () => {
    const html = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>');
    });
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    try {
      const port = (html.address() as AddressInfo).port;
      const client = createClient(
        VideoService,
        createVideoTransport({ baseUrl: `http://127.0.0.1:${port}`, getToken: () => 't' }),
      );
      const error = ConnectError.from(await client.getVideo({ videoId: 'x' }).catch((e: unknown) => e));
      expect(error.code).toBe(Code.Unknown);
      expect(error.rawMessage).toBe('Unknown Content-type received: text/html');
    } finally {
      await new Promise<void>((resolve) => html.close(() => resolve()));
    }
  });
});

describe('requestTimeoutMs', () => {
  it('is 1.1 times the deadline, at least 1000 ms', () => {
    expect(requestTimeoutMs(0)).toBe(1000);
    expect(requestTimeoutMs(500)).toBe(1000);
    expect(requestTimeoutMs(909)).toBe(1000);
    expect(requestTimeoutMs(1000)).toBe(1100);
    expect(requestTimeoutMs(30_000)).toBe(33_000);
  });

  it('rejects a negative or non-finite deadline', () => {
    expect(() => requestTimeoutMs(-1)).toThrow(RangeError);
    expect(() => requestTimeoutMs(Number.NaN)).toThrow(RangeError);
    expect(() => requestTimeoutMs(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('a playback report', () => {
  it('is sent with keepalive, so a page closing does not cancel it; other calls are not', async () => {
    const sent: { url: string; keepalive: boolean }[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      sent.push({ url: String(input), keepalive: init?.keepalive === true });
      return globalThis.fetch(input, init);
    };
    const transport = createVideoTransport({ baseUrl, getToken: () => undefined, fetch });
    await createClient(VideoService, transport).getVideo({ videoId: 'v1' });
    await createClient(ConversationService, transport)
      .recordPlayback({ videoId: 'v1', viewerId: 'b', sessionId: 's', ranges: [] })
      .catch(() => undefined);
    expect(sent.map((call) => [call.url.split('/').pop(), call.keepalive])).toEqual([
      ['GetVideo', false],
      ['RecordPlayback', true],
    ]);
  });
});

// What the RPC edge and its error interceptor do with bodies that are too large, malformed, or hold
// values the contract does not have, over the real server.
import { request as httpRequest } from 'node:http';
import { create, toBinary } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { GetVideoRequestSchema, UpdateVideoRequestSchema, Visibility } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RPC_MAX_BODY_BYTES } from '../../src/platform/rpc/body-guard';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { startEdgeServer, type EdgeServer } from '../support/edge-server';
import { envelope, rawRpc } from '../support/rpc-wire';
import { codeOf } from '@stream/video-api/testing';

let emulator: AuthEmulator;
let server: EdgeServer;
let owner: TestUser;
beforeAll(async () => {
  emulator = await startAuthEmulator();
  // The #9 tests send X-Forwarded-* with emulator tokens, as a proxy would: the development setting lets them in.
  server = await startEdgeServer({ FIREBASE_AUTH_EMULATOR_THROUGH_PROXY: 'true' }, emulator.host);
  owner = await newTestUser(emulator.host);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

const signedIn = () => ({ authorization: `Bearer ${owner.idToken}` });

describe('request bodies are capped before authentication (#3)', () => {
  // A 50 MB body against the API in its own process, with its memory measured: hardening-body-memory.test.ts.
  it('refuses a gRPC-web body just past the cap before authentication, and reads one just under it', async () => {
    const body = (size: number) =>
      envelope(toBinary(GetVideoRequestSchema, create(GetVideoRequestSchema, { videoId: 'v'.repeat(size) })));
    const past = await rawRpc(server.baseUrl, 'CreateVideo', body(RPC_MAX_BODY_BYTES), 'application/grpc-web+proto');
    expect(past.code).toBe(Code.ResourceExhausted);
    const under = await rawRpc(
      server.baseUrl,
      'CreateVideo',
      body(RPC_MAX_BODY_BYTES - 64),
      'application/grpc-web+proto',
    );
    expect(under.code).toBe(Code.Unauthenticated);
  });
});

describe('a caller that hangs up mid-body', () => {
  it('is forgotten quietly: nothing on the console or in the log, and the server keeps answering', async () => {
    const consoleErrors = vi.spyOn(console, 'error');
    const lines = server.logLines.length;
    for (const contentType of ['application/json', 'application/proto', 'application/grpc-web+proto']) {
      await new Promise<void>((resolve) => {
        const request = httpRequest(`${server.baseUrl}/videoservice.VideoService/GetVideo`, {
          method: 'POST',
          headers: { 'content-type': contentType, 'content-length': '1000' },
        });
        request.on('error', () => undefined);
        request.write(Buffer.alloc(100, 1), () => setTimeout(() => (request.destroy(), resolve()), 50));
      });
    }
    await new Promise((settle) => setTimeout(settle, 200));
    expect(await codeOf(videoClient(server.baseUrl).getVideo({ videoId: 'x' }))).toBe(Code.Unauthenticated);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(server.logLines.slice(lines).join('\n')).not.toMatch(/"level":50/);
    consoleErrors.mockRestore();
  });
});

describe('NUL characters are invalid_argument, never a 500 (#5)', () => {
  it.each(['grpc-web', 'connect'] as const)(
    'in titles, descriptions, urls and ids of every RPC (%s)',
    async (protocol) => {
      const client = videoClient(server.baseUrl, { token: owner.idToken, protocol });
      const video = await client.createVideo({ title: 'clean' });
      const calls = {
        createTitle: () => client.createVideo({ title: 'a\0b' }),
        createDescription: () => client.createVideo({ title: 't', description: 'a\0b' }),
        createUrl: () => client.createVideo({ title: 't', url: 'https://example.com/\0.webm' }),
        get: () => client.getVideo({ videoId: 'a\0b' }),
        update: () => client.updateVideo({ videoId: video.id, title: 'x\0' }),
        updateId: () => client.updateVideo({ videoId: '\0', title: 'x' }),
        delete: () => client.deleteVideo({ videoId: '\0' }),
        share: () => client.shareVideo({ videoId: 'x\0' }),
      };
      for (const [name, call] of Object.entries(calls)) expect(await codeOf(call()), name).toBe(Code.InvalidArgument);
      expect((await client.getVideo({ videoId: video.id })).title).toBe('clean');
    },
  );

  it('signed out too, and without a stack trace in the log', async () => {
    const lines = server.logLines.length;
    expect(await codeOf(videoClient(server.baseUrl).getVideo({ videoId: '\0' }))).toBe(Code.InvalidArgument);
    for (const path of ['video', 'thumbnail']) {
      const response = await fetch(`${server.baseUrl}/api/videoservice/${path}/%00?share=%00`);
      expect(response.status).toBe(400);
    }
    const logged = server.logLines.slice(lines).join('\n');
    expect(logged).not.toMatch(/"level":50|stack/);
  });
});

describe("malformed bodies are invalid_argument without the parser's words (#6)", () => {
  const garbage = Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f, 0x07]);
  it.each([
    ['Connect binary', 'application/proto', garbage],
    ['gRPC-web binary', 'application/grpc-web+proto', envelope(garbage)],
    ['Connect JSON', 'application/json', Buffer.from('{"videoId": ')],
  ])('%s', async (_, contentType, body) => {
    for (const headers of [{}, signedIn()]) {
      const answer = await rawRpc(server.baseUrl, 'GetVideo', body, contentType, headers);
      expect([Code.InvalidArgument, 'invalid_argument']).toContain(answer.code);
      expect(answer.message).not.toMatch(/parse binary|illegal|premature|Unexpected|JSON at/i);
      if (!contentType.startsWith('application/grpc')) expect(answer.status).toBe(400);
    }
  });
});

describe('unknown enum names and numbers are invalid_argument and change nothing (#7)', () => {
  it('in JSON (a misspelt name, an unknown number) and in binary (an unknown number)', async () => {
    const client = videoClient(server.baseUrl, { token: owner.idToken });
    const video = await client.createVideo({ title: 'public one', visibility: Visibility.PUBLIC });
    const json = (visibility: unknown) => JSON.stringify({ videoId: video.id, title: 'changed', visibility });
    for (const body of [json('VISIBILITY_PUBLIK'), json(7)]) {
      const answer = await rawRpc(server.baseUrl, 'UpdateVideo', body, 'application/json', signedIn());
      expect(answer.code).toBe('invalid_argument');
    }
    const binary = toBinary(
      UpdateVideoRequestSchema,
      create(UpdateVideoRequestSchema, { videoId: video.id, title: 'changed', visibility: 7 as Visibility }),
    );
    for (const [contentType, body] of [
      ['application/proto', binary],
      ['application/grpc-web+proto', envelope(binary)],
    ] as const) {
      const answer = await rawRpc(server.baseUrl, 'UpdateVideo', body, contentType, signedIn());
      expect([Code.InvalidArgument, 'invalid_argument']).toContain(answer.code);
    }
    const after = await client.getVideo({ videoId: video.id });
    expect(after.visibility).toBe(Visibility.PUBLIC);
    expect(after.title).toBe('public one');
    // A known name is still taken.
    const known = await rawRpc(
      server.baseUrl,
      'UpdateVideo',
      json('VISIBILITY_SHARED'),
      'application/json',
      signedIn(),
    );
    expect(known.code).toBeUndefined();
  });
});

describe('share links do not follow forwarded headers unless told to (#9)', () => {
  it('with PUBLIC_URL unset, a link names the host the caller connected to, not X-Forwarded-Host', async () => {
    const client = videoClient(server.baseUrl, {
      token: owner.idToken,
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    const video = await client.createVideo({ title: 'to share' });
    const shared = await client.shareVideo({ videoId: video.id });
    expect(new URL(shared.url).origin).toBe(server.baseUrl);
  });

  // One server each: four in one test took past 30 s at load 14 (a clean-clone CI).
  it.each([
    [{ TRUST_PROXY: 'true' }, 'https://videos.example'],
    [{ TRUST_PROXY: '127.0.0.1' }, 'https://videos.example'],
    [{ TRUST_PROXY: '1' }, 'https://videos.example'],
    [{ TRUST_PROXY: 'true', PUBLIC_URL: 'https://public.example' }, 'https://public.example'],
  ] as const)(
    "with %o the proxy's X-Forwarded-Host and -Proto are used; PUBLIC_URL wins over both",
    async (env, origin) => {
      const proxied = await startEdgeServer({ ...env, FIREBASE_AUTH_EMULATOR_THROUGH_PROXY: 'true' }, emulator.host);
      try {
        const client = videoClient(proxied.baseUrl, {
          token: owner.idToken,
          headers: { 'x-forwarded-host': 'videos.example', 'x-forwarded-proto': 'https' },
        });
        const video = await client.createVideo({ title: 'to share' });
        expect(new URL((await client.shareVideo({ videoId: video.id })).url).origin).toBe(origin);
      } finally {
        await proxied.close();
      }
    },
  );
});

// A viewer who leaves mid-stream (closes the tab, seeks, loses the network) is no server error:
// the write that meets the closed connection (sendfile's EPIPE, a socket's ECONNRESET, a stream
// closed early) is noted at debug, and the log's error lines stay for real failures. Before, every
// such leave wrote an error line ("sendfile failed (errno 32)", "write ECONNRESET": 19 in a short
// walk through the app), which drowned the real ones.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { AuthEmulator } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { startEdgeServer, type EdgeServer } from '../support/edge-server';
import { uploadVideo } from '../support/upload';
import { until } from '../support/until';

/** GETs `path` on a raw connection, reads about `readBytes` of the answer, then resets the connection. */
function leaveMidway(baseUrl: string, path: string, readBytes: number): Promise<number> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = 0;
    socket.on('error', reject);
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received < readBytes) return;
      socket.pause();
      socket.resetAndDestroy(); // RST: the server's next write fails at once
      resolve(received);
    });
  });
}

const levelOf = (line: string) => (JSON.parse(line) as { level: number }).level;
const ERROR = 50;
const DEBUG = 20;

describe('a viewer leaving mid-stream', () => {
  let emulator: AuthEmulator;
  let server: EdgeServer;
  let streamPath: string;

  beforeAll(async () => {
    emulator = await startAuthEmulator();
    server = await startEdgeServer({}, emulator.host);
    const owner = await newTestUser(emulator.host);
    // 24 MB: more than the loopback socket buffers hold, so the server is still writing when the viewer leaves.
    const file = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(24 * 1024 * 1024)]);
    const uploaded = await uploadVideo(server.baseUrl, file, { token: owner.idToken });
    expect(uploaded.status).toBe(201);
    const video = await videoClient(server.baseUrl, { token: owner.idToken }).getVideo({
      videoId: uploaded.json.video!.id,
    });
    streamPath = video.url;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await emulator?.stop();
  });

  it('writes no error line, only debug ones, for viewers who reset the connection midway', async () => {
    const before = server.logLines.length;
    // The first request of a URL goes through the route, the later ones through the signed range lane.
    for (let i = 0; i < 6; i++) expect(await leaveMidway(server.baseUrl, streamPath, 64 * 1024)).toBeGreaterThan(0);
    // A leave is noted (a failure, before) once the server's write meets the reset; the reset of a
    // write not yet started is not (the answer is simply dropped). Then a moment for the others.
    const noted = () =>
      server.logLines.slice(before).filter((line) => /the client left/.test(line) || levelOf(line) >= ERROR);
    await until('the server to notice a viewer left', () => (noted().length > 0 ? true : undefined), 20_000);
    await new Promise((resume) => setTimeout(resume, 1000));
    const lines = server.logLines.slice(before);
    expect(lines.filter((line) => levelOf(line) >= ERROR)).toEqual([]);
    for (const line of noted()) expect(levelOf(line)).toBe(DEBUG);

    // The server is fine: a whole answer still arrives.
    const whole = await fetch(`${server.baseUrl}${streamPath}`);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(24 * 1024 * 1024 + 4);
  }, 60_000);
});

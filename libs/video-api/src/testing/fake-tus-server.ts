import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The first bytes of a WebM file (EBML). */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** One upload as the fake server holds it. */
export interface FakeTusUpload {
  readonly id: string;
  readonly owner: string | undefined;
  readonly title: string | undefined;
  bytes: Buffer;
  length?: number;
}

/** What the next matching requests meet instead of a normal answer. */
export type FakeTusFault =
  /** The connection is cut after `keep` bytes of the body are stored (default half). */
  | { kind: 'drop'; keep?: number }
  /** `headers`: e.g. Stream-Refusal: quota_exceeded on a 413, as the server refuses a PATCH past a quota. */
  | { kind: 'status'; status: number; headers?: Record<string, string> };

export interface FakeTusServerOptions {
  /**
   * Refuse to finish an upload whose bytes do not start as a WebM file (415, and the upload is
   * gone), as the server does. Off by default for tests that upload placeholder text; the contract
   * suite turns it on.
   */
  webmOnly?: boolean;
}

export interface FakeTusServer {
  readonly url: string;
  readonly uploads: Map<string, FakeTusUpload>;
  /** Every request, as `METHOD path`. */
  readonly requests: string[];
  /** The next `count` PATCHes meet `fault`. */
  failPatches(count: number, fault: FakeTusFault): void;
  /** While down, every request's connection is cut (a server gone or the network down). */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/**
 * The product's tus endpoint (/api/uploads/, Upload-Defer-Length, Stream-Video-Id, owners by
 * bearer token, 404 for anyone else) in memory on 127.0.0.1, with faults to inject: for tests of
 * the resumable client and of what is built on it.
 */
export async function startFakeTusServer(options: FakeTusServerOptions = {}): Promise<FakeTusServer> {
  const uploads = new Map<string, FakeTusUpload>();
  const requests: string[] = [];
  const faults: FakeTusFault[] = [];
  let down = false;

  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (down) return void req.socket.destroy();
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => answer(req, res, Buffer.concat(body)));
  });

  function answer(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const send = (status: number, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'tus-resumable': '1.0.0', ...headers }).end();
    const owner = req.headers.authorization?.replace(/^Bearer /, '');
    if (!owner) return send(401);
    const path = (req.url ?? '').split('?')[0]!;
    if (req.method === 'POST' && path === '/api/uploads/') {
      if (req.headers['upload-defer-length'] !== '1' && req.headers['upload-length'] === undefined) return send(400);
      const id = randomUUID();
      const title = /title ([^,]+)/.exec(String(req.headers['upload-metadata'] ?? ''))?.[1];
      uploads.set(id, {
        id,
        owner,
        title: title && Buffer.from(title, 'base64').toString(),
        bytes: Buffer.alloc(0),
      });
      return send(201, { location: `/api/uploads/${id}`, 'stream-video-id': id });
    }
    const upload = uploads.get(path.replace('/api/uploads/', ''));
    if (!upload || upload.owner !== owner) return send(404);
    const ids = { 'stream-video-id': upload.id };
    if (req.method === 'HEAD') {
      return send(200, {
        ...ids,
        'upload-offset': String(upload.bytes.length),
        ...(upload.length !== undefined ? { 'upload-length': String(upload.length) } : { 'upload-defer-length': '1' }),
      });
    }
    if (req.method === 'DELETE') {
      uploads.delete(upload.id);
      return send(204);
    }
    if (req.method !== 'PATCH') return send(405);
    if (req.headers['content-type'] !== 'application/offset+octet-stream') return send(415);
    const finished = upload.length !== undefined && upload.bytes.length === upload.length;
    if (finished) return send(body.length === 0 ? 204 : 403, { ...ids, 'upload-offset': String(upload.length) });
    if (Number(req.headers['upload-offset']) !== upload.bytes.length) return send(409);
    const fault = faults.shift();
    if (fault?.kind === 'status') return send(fault.status, fault.headers);
    const kept = fault?.kind === 'drop' ? body.subarray(0, fault.keep ?? Math.floor(body.length / 2)) : body;
    upload.bytes = Buffer.concat([upload.bytes, kept]);
    if (fault?.kind === 'drop') return void req.socket.destroy();
    const length = req.headers['upload-length'];
    if (length !== undefined) upload.length = Number(length);
    // As the server: a finished upload must be a WebM recording, else it and its video are gone.
    const webm = upload.bytes.subarray(0, EBML_MAGIC.length).equals(EBML_MAGIC);
    if (options.webmOnly && upload.length === upload.bytes.length && !webm) {
      uploads.delete(upload.id);
      return send(415);
    }
    return send(204, { ...ids, 'upload-offset': String(upload.bytes.length) });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    uploads,
    requests,
    failPatches(count, fault) {
      for (let i = 0; i < count; i++) faults.push(fault);
    },
    setDown(value) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

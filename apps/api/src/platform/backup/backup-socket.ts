// `npm run backup` while `npm start` runs: the embedded database is one process's, so the backup
// asks that process for a copy over a UNIX socket in DATA_DIR. The socket is the same OS user's
// only (0600, made under umask 0177 so it is never wider, even for a moment).
import { chmodSync, unlinkSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';

export const BACKUP_SOCKET = 'backup.sock';
/** What the backup writes; the answer is one JSON line (`{ ok, bytes }` or `{ ok: false, error }`), then the tar. */
export const DUMP_REQUEST = 'dump\n';

export interface DumpHeader {
  ok: boolean;
  bytes?: number;
  error?: string;
}

const removeStale = (path: string) => {
  try {
    unlinkSync(path);
  } catch {
    // none
  }
};

/**
 * Serves tars of the embedded database (`dump()`, PGlite's dumpDataDir between two statements) on
 * DATA_DIR/backup.sock, one backup at a time: a backup keeps its connection until it has copied
 * the blobs too, and another asking meanwhile is refused. The caller holds DATA_DIR's lock, so a
 * socket already there is a dead process's. Returns the function that stops serving.
 */
export async function serveBackups(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: Pick<Logger, 'info' | 'warn'>,
): Promise<() => void> {
  const path = join(dataDir, BACKUP_SOCKET);
  removeStale(path);
  let running: Socket | undefined;
  const connections = new Set<Socket>();
  const answer = (socket: Socket, header: DumpHeader) => socket.write(`${JSON.stringify(header)}\n`);
  const server = createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      if (running === socket) running = undefined;
    });
    socket.on('error', () => socket.destroy());
    let request = '';
    socket.setEncoding('latin1');
    const onData = (chunk: string) => {
      request += chunk;
      if (!request.includes('\n') && request.length < DUMP_REQUEST.length) return;
      socket.off('data', onData);
      if (request !== DUMP_REQUEST) {
        answer(socket, { ok: false, error: 'unknown request' });
        socket.end();
      } else if (running) {
        answer(socket, { ok: false, error: 'another backup of this DATA_DIR is running: wait for it to end' });
        socket.end();
      } else {
        running = socket;
        void sendDump(socket);
      }
    };
    socket.on('data', onData);
  });
  const sendDump = async (socket: Socket) => {
    try {
      const tar = await dump();
      answer(socket, { ok: true, bytes: tar.size });
      await pipeline(Readable.fromWeb(tar.stream() as never), socket, { end: false });
      log.info({ bytes: tar.size }, 'backup: sent the database');
      // The connection stays open until the backup has copied the blobs: it ends it.
    } catch (error) {
      log.warn({ err: error }, 'backup: could not dump the database');
      if (!socket.destroyed) {
        answer(socket, { ok: false, error: `could not dump the database: ${(error as Error).message}` });
        socket.end();
      }
    }
  };
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(path, 0o600);
  return () => {
    server.close();
    for (const socket of connections) socket.destroy();
    removeStale(path);
  };
}

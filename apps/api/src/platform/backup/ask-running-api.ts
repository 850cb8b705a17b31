import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { BackupError } from './backup-format';
import { BACKUP_SOCKET, DUMP_REQUEST, type DumpHeader } from './backup-socket';

const connected = (path: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });

/**
 * When an API runs on `dataDir`, asks it (DATA_DIR/backup.sock) for a copy of the embedded
 * database and unpacks it into `copy`; undefined when no process answers there (none runs, or a
 * socket a killed one left). The returned `done` ends the request once the blobs are copied: the
 * API takes no other backup until then.
 */
export async function askRunningApi(dataDir: string, copy: string): Promise<{ done: () => void } | undefined> {
  const path = join(dataDir, BACKUP_SOCKET);
  if (!existsSync(path)) return undefined;
  let socket: Socket;
  try {
    socket = await connected(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED' || code === 'ENOENT') return undefined; // stale: DATA_DIR's lock decides
    throw new BackupError(`cannot ask the API running on DATA_DIR=${dataDir} (${path}): ${(error as Error).message}`);
  }
  try {
    socket.write(DUMP_REQUEST);
    await receiveTar(socket, copy, dataDir);
    return { done: () => socket.end() };
  } catch (error) {
    socket.destroy();
    throw error;
  }
}

/** Reads the answer's JSON line, then exactly the announced bytes of tar into `tar -x -C copy`. */
async function receiveTar(socket: Socket, copy: string, dataDir: string): Promise<void> {
  let head = Buffer.alloc(0);
  let header: DumpHeader | undefined;
  let received = 0;
  let tar: ReturnType<typeof spawn> | undefined;
  let tarExited: Promise<number | null> | undefined;
  let tarOutput = '';
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      socket.off('data', onData);
      tar?.kill();
      reject(error);
    };
    const feed = (chunk: Buffer) => {
      const part = chunk.subarray(0, header!.bytes! - received);
      received += part.length;
      if (!tar!.stdin!.write(part)) {
        socket.pause();
        tar!.stdin!.once('drain', () => socket.resume());
      }
      if (received === header!.bytes) {
        socket.off('data', onData);
        tar!.stdin!.end();
        resolve();
      }
    };
    const onData = (chunk: Buffer) => {
      if (header) return feed(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\n');
      if (end < 0) return;
      header = JSON.parse(head.subarray(0, end).toString('utf8')) as DumpHeader;
      if (!header.ok)
        return fail(new BackupError(`the API running on DATA_DIR=${dataDir} refused the backup: ${header.error}`));
      void mkdir(copy, { recursive: true }).then(() => {
        tar = spawn('tar', ['-x', '-C', copy], { stdio: ['pipe', 'ignore', 'pipe'] });
        tar.stderr!.setEncoding('utf8').on('data', (text: string) => (tarOutput += text));
        tarExited = new Promise((done) => tar!.once('exit', (code) => done(code)));
        tar.stdin!.on('error', (error) => fail(error));
        feed(head.subarray(end + 1));
        socket.resume();
      }, fail);
      socket.pause();
    };
    socket.on('data', onData);
    socket.once('close', () => {
      if (!header || received < (header.bytes ?? 0))
        fail(new BackupError(`the API running on DATA_DIR=${dataDir} stopped before the whole database was sent`));
    });
    socket.on('error', fail);
  });
  const code = await tarExited!;
  if (code !== 0) throw new BackupError(`could not unpack the database the API sent: ${tarOutput.trim()}`);
}

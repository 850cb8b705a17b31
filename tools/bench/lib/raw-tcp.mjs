// The ceiling of any network ingest on this machine: the file's bytes over one loopback TCP
// connection into a file, with no HTTP at all. Node's HTTP server reads its socket 64 KiB at a
// time; this receiver reads 1 MiB at a time (a client socket's `onread` buffer) and writes
// each read straight to the file, as the leanest possible server would.
import { createReadStream } from 'node:fs';
import { createServer } from 'node:net';
import { spawnServer } from './cores.mjs';

const RECEIVER = `
  const { connect } = require('node:net');
  const { closeSync, fsyncSync, openSync, writeSync } = require('node:fs');
  const [port, target, durable] = process.argv.slice(1);
  const fd = openSync(target, 'w');
  const socket = connect({
    port: Number(port),
    host: '127.0.0.1',
    allowHalfOpen: true,
    onread: { buffer: Buffer.allocUnsafe(1 << 20), callback: (n, buffer) => void writeSync(fd, buffer, 0, n) },
  });
  socket.on('end', () => {
    if (durable === 'true') fsyncSync(fd);
    closeSync(fd);
    socket.end('ok');
  });
`;

/**
 * Sends `file` to a receiver process that writes it to `target` (and fsyncs it when `durable`);
 * resolves with the seconds from connection to the receiver's "ok" (written, and flushed). The
 * receiver runs on the server's core when `serverCore` (see cores.mjs).
 */
export async function rawTcpIngest({ file, target, durable, serverCore = false }) {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  try {
    const accepted = new Promise((resolve) => server.once('connection', resolve));
    const receiver = spawnServer(
      process.execPath,
      ['-e', RECEIVER, String(port), target, String(durable)],
      { stdio: 'inherit' },
      serverCore,
    );
    const exited = new Promise((resolve, reject) => {
      receiver.once('error', reject);
      receiver.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`raw TCP receiver exited with ${code}`)),
      );
    });
    const socket = await accepted;
    const started = process.hrtime.bigint();
    const answered = new Promise((resolve, reject) => {
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('end', () =>
        answer === 'ok' ? resolve() : reject(new Error(`raw TCP receiver answered "${answer}"`)),
      );
      socket.on('error', reject);
    });
    createReadStream(file, { highWaterMark: 1 << 20 }).pipe(socket);
    await answered;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    await exited;
    return seconds;
  } finally {
    server.close();
  }
}

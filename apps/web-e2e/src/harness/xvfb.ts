import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

/** Debian's X virtual framebuffer (tools/src/system-packages.mjs installs xvfb with the other engines). */
export const XVFB_PATH = '/usr/bin/Xvfb';

export interface VirtualDisplay {
  /** The DISPLAY to give a browser, e.g. ":99". */
  readonly name: string;
  /** Ends the server (SIGTERM, then SIGKILL if it lingers); resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * An Xvfb server of its own, 1280×720 at 24 bits, local connections only. It picks a free display
 * number itself (`-displayfd`), so two test files never clash; resolves once it takes connections.
 */
export async function startXvfb(timeoutMs = 15_000): Promise<VirtualDisplay> {
  const xvfb = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', '1280x720x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const stop = () => stopProcess(xvfb);
  try {
    const number = await displayNumber(xvfb, timeoutMs);
    return { name: `:${number}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The number Xvfb writes on fd 3 once it is ready, or a rejection saying why it did not get that far. */
function displayNumber(xvfb: ChildProcess, timeoutMs: number): Promise<string> {
  let stderr = '';
  xvfb.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  return new Promise((resolve, reject) => {
    let written = '';
    const timer = setTimeout(() => reject(new Error(`Xvfb named no display in ${timeoutMs} ms: ${stderr}`)), timeoutMs);
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      outcome();
    };
    (xvfb.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      written += chunk.toString();
      const line = /^(\d+)\n/.exec(written);
      if (line) settle(() => resolve(line[1]!));
    });
    xvfb.once('error', (error) => settle(() => reject(error)));
    xvfb.once('exit', (code, signal) =>
      settle(() => reject(new Error(`Xvfb exited (${code ?? signal}) before naming a display: ${stderr}`))),
    );
  });
}

function stopProcess(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

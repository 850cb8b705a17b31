import { spawn } from 'node:child_process';

const STDERR_TAIL_CHARS = 2000;

/**
 * Runs a program without a shell and resolves with its stdout; rejects with the end of its stderr
 * when it cannot start, exits non-zero or outlives `timeoutMs` (it is then killed).
 */
export function runTool(path: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${path} could not start (${error.message})`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const tail = stderr.trim().split('\n').slice(-3).join(' ');
      if (timedOut) reject(new Error(`${path} took longer than ${timeoutMs} ms`));
      else if (code !== 0) reject(new Error(`${path} exited with ${code ?? signal}: ${tail}`));
      else resolve(Buffer.concat(stdout).toString('utf8'));
    });
  });
}

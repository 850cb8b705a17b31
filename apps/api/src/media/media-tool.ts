import { spawn } from 'node:child_process';

/** ffmpeg or ffprobe failed: not found, timed out or exited non-zero. Carries the end of stderr. */
export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly tool: string,
    readonly stderrTail: string,
    readonly timedOut = false,
  ) {
    super(stderrTail ? `${message}: ${stderrTail}` : message);
    this.name = 'MediaToolError';
  }
}

const STDERR_TAIL_CHARS = 2000;

/**
 * Runs a media tool without a shell and resolves with its stdout. Rejects with MediaToolError on a
 * non-zero exit, a missing binary, or when it outlives `timeoutMs` (it is then killed).
 */
export function runMediaTool(path: string, args: string[], options: { timeoutMs: number }): Promise<string> {
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
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MediaToolError(`${path} could not start (${error.message})`, path, ''));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const tail = stderr.trim();
      if (timedOut) reject(new MediaToolError(`${path} took longer than ${options.timeoutMs} ms`, path, tail, true));
      else if (code !== 0) reject(new MediaToolError(`${path} exited with ${code ?? signal}`, path, tail));
      else resolve(Buffer.concat(stdout).toString('utf8'));
    });
  });
}

/** How every ffmpeg run of a job starts: no banner, no stdin, errors only, the output overwritten. */
const FFMPEG_QUIET = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

/** Runs ffmpeg quietly (FFMPEG_QUIET, then `args`); resolves and rejects as runMediaTool. */
export function runFfmpeg(ffmpegPath: string, args: string[], options: { timeoutMs: number }): Promise<string> {
  return runMediaTool(ffmpegPath, [...FFMPEG_QUIET, ...args], options);
}

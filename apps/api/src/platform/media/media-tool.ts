import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { progressReader } from './ffmpeg-progress';
import { dieWithParentPrefix, mediaToolMarker } from './media-tool-owner';

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

export interface MediaToolOptions {
  timeoutMs: number;
  /** Hands stdout over as it arrives (as text) instead of keeping it: the run then resolves with ''. */
  onStdout?: (chunk: string) => void;
  /** Runs the tool at this nice value (0 to 19; higher yields the CPU to others sooner). */
  niceness?: number;
}

/** What setpriv says (and exits 127 with) when the tool it should run cannot be executed. */
const SETPRIV_EXEC_FAILED = /^setpriv: failed to execute [^\n]*?: ([^\n]*)/;

/**
 * Runs a media tool without a shell and resolves with its stdout. Rejects with MediaToolError on a
 * non-zero exit, a missing binary, or when it outlives `timeoutMs` (it is then killed). The tool
 * dies with this process (media-tool-owner.ts).
 */
export async function runMediaTool(path: string, args: string[], options: MediaToolOptions): Promise<string> {
  const prefix = await dieWithParentPrefix();
  return new Promise((resolve, reject) => {
    const [command = path, ...commandArgs] = [...prefix, path, ...args];
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...mediaToolMarker() },
    });
    if (options.niceness && child.pid) {
      try {
        setPriority(child.pid, options.niceness);
      } catch {
        // the tool ended already, or this platform refuses: it runs at our priority
      }
    }
    const stdout: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    const { onStdout } = options;
    if (onStdout) child.stdout.setEncoding('utf8').on('data', onStdout);
    else child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
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
      const notStarted = prefix.length && code === 127 ? SETPRIV_EXEC_FAILED.exec(tail) : null;
      if (notStarted) reject(new MediaToolError(`${path} could not start (${notStarted[1]})`, path, ''));
      else if (timedOut)
        reject(new MediaToolError(`${path} took longer than ${options.timeoutMs} ms`, path, tail, true));
      else if (code !== 0) reject(new MediaToolError(`${path} exited with ${code ?? signal}`, path, tail));
      else resolve(Buffer.concat(stdout).toString('utf8'));
    });
  });
}

/** How every ffmpeg run of a job starts: no banner, no stdin, errors only, the output overwritten. */
const FFMPEG_QUIET = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

/**
 * Runs ffmpeg quietly (FFMPEG_QUIET, then `args`); resolves and rejects as runMediaTool. With
 * `onProgress`, ffmpeg writes its progress to stdout (`-progress pipe:1`), and `onProgress` is
 * given the seconds of output written so far, about twice a second: `args` must not write to stdout.
 */
export function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  options: { timeoutMs: number; onProgress?: (seconds: number) => void; niceness?: number },
): Promise<string> {
  const { timeoutMs, onProgress, niceness } = options;
  if (!onProgress) return runMediaTool(ffmpegPath, [...FFMPEG_QUIET, ...args], { timeoutMs, niceness });
  return runMediaTool(ffmpegPath, [...FFMPEG_QUIET, '-nostats', '-progress', 'pipe:1', ...args], {
    timeoutMs,
    niceness,
    onStdout: progressReader(onProgress),
  });
}

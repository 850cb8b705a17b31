import { basename } from 'node:path';
import { MediaToolError } from '../media/media-tool';

/** Absolute paths of two segments or more (`/usr/bin/ffmpeg`, a scratch folder): the server's business. */
const SERVER_PATH = /(?:\/[\w.@+-]+){2,}\/?/g;

/** `text` with every server path cut to its last segment. */
export const withoutPaths = (text: string) => text.replace(SERVER_PATH, (path) => basename(path));

/**
 * What a person is told about a failed attempt (a video's `failure_reason`, an edit's): which
 * step failed, in words, and for ffmpeg its last line of complaint, never a server path or a
 * stack; the whole error goes to the log.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof MediaToolError) {
    const tool = basename(error.tool);
    const what = error.timedOut ? `${tool} took too long` : `${tool} failed`;
    const lastLine = error.stderrTail
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .at(-1);
    return lastLine && !error.timedOut ? `${what}: ${withoutPaths(lastLine).slice(0, 200)}` : what;
  }
  return 'the server could not finish it (the details are in its log)';
}

/** The tries pg-boss has made of a job (with `includeMetadata`) and how many more it may make. */
export interface JobTries {
  retryCount: number;
  retryLimit: number;
}

/**
 * What a job's work is marked failed with when its last try fails: `what` failed after how many
 * attempts, and why. undefined while tries remain (the job is thrown again and retried).
 */
export function lastTryFailure(what: string, job: JobTries, reason: string): string | undefined {
  if (job.retryCount < job.retryLimit) return undefined;
  const attempts = job.retryCount + 1;
  return `${what} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason}`;
}

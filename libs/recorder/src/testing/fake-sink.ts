/**
 * A chunk sink for tests whose writes the test completes or fails one by one (`manual`), or that
 * accepts every write at once. It records what it was given, how many writes overlapped, and how
 * it ended (closed or aborted with which reason).
 */
import type { ChunkSink } from '../chunk-sink.ts';

interface PendingWrite {
  readonly chunk: Blob;
  resolve(): void;
  reject(error: unknown): void;
}

export interface FakeSinkOptions {
  /** Writes wait for `completeWrite()` / `failWrite()` instead of resolving at once. */
  readonly manual?: boolean;
  /** close() rejects with this. */
  readonly closeError?: unknown;
}

export class FakeSink implements ChunkSink {
  /** Chunks whose write resolved, in order. */
  readonly written: Blob[] = [];
  /** Writes under way (manual mode). */
  readonly pending: PendingWrite[] = [];
  /** The most writes that were ever under way at once (the recorder promises 1). */
  maxConcurrentWrites = 0;
  closed = false;
  /** Was close() called while writes were still under way? */
  closedEarly = false;
  abortReasons: unknown[] = [];
  constructor(private readonly options: FakeSinkOptions = {}) {}

  write(chunk: Blob): Promise<void> {
    if (this.closed || this.abortReasons.length > 0) return Promise.reject(new Error('write after the end'));
    if (!this.options.manual) {
      this.written.push(chunk);
      this.maxConcurrentWrites = Math.max(this.maxConcurrentWrites, 1);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      this.pending.push({
        chunk,
        resolve: () => {
          this.written.push(chunk);
          resolve();
        },
        reject,
      });
      this.maxConcurrentWrites = Math.max(this.maxConcurrentWrites, this.pending.length);
    });
  }

  async close(): Promise<void> {
    if (this.pending.length > 0) this.closedEarly = true;
    this.closed = true;
    if (this.options.closeError !== undefined) throw this.options.closeError;
  }

  async abort(reason: unknown): Promise<void> {
    this.abortReasons.push(reason);
  }

  /** Complete the oldest write under way, then let the recorder react. */
  async completeWrite(): Promise<void> {
    const next = this.pending.shift();
    if (!next) throw new Error('no write is under way');
    next.resolve();
    await settle();
  }

  /** Fail the oldest write under way with this error, then let the recorder react. */
  async failWrite(error: unknown): Promise<void> {
    const next = this.pending.shift();
    if (!next) throw new Error('no write is under way');
    next.reject(error);
    await settle();
  }

  async text(): Promise<string> {
    return new Blob(this.written).text();
  }
}

/** Let pending promise reactions run (the pipeline takes a few microtasks per write). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

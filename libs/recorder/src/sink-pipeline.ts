/**
 * Feeds a recording's chunks to its sinks. Each sink has its own bounded queue and gets one write at
 * a time, in recording order, so a slow sink never holds up another and never sees chunks out of
 * order. MediaRecorder cannot be slowed down, so the bound is where backpressure ends: a sink whose
 * queue would exceed it has fallen too far behind and fails. No browser API is used here.
 */
import { isWritableStream, sinkFromStream, type ChunkSink, type SinkSpec } from './chunk-sink.ts';

export const defaultMaxQueuedBytes = 64 * 1024 * 1024;

export interface SinkStatus {
  readonly name: string;
  readonly required: boolean;
  /** `closed`: every chunk written and close() resolved. `aborted`: the recording was discarded. */
  readonly state: 'open' | 'closing' | 'closed' | 'failed' | 'aborted';
  /** How far behind the sink is: chunks accepted and not yet written (the one being written included). */
  readonly queuedChunks: number;
  readonly queuedBytes: number;
  readonly maxQueuedBytes: number;
  readonly writtenBytes: number;
  /** Why the sink failed. */
  readonly error?: string;
}

export interface SinkFailure {
  readonly name: string;
  readonly required: boolean;
  readonly message: string;
}

export interface SinkPipeline {
  /** Queue a chunk for every open sink; empty chunks (MediaRecorder sends some) are dropped. */
  push(chunk: Blob): void;
  /** No more chunks: each sink is closed once its queue is written. */
  close(): void;
  /** Give every unfinished sink up: its queue is dropped and its abort(reason) called. */
  abort(reason: unknown): void;
  /** One entry per sink, in the order given; a new array after every change. */
  readonly status: readonly SinkStatus[];
  /** Resolves when the named sink (or every sink) is closed, failed or aborted. */
  done(name?: string): Promise<readonly SinkStatus[]>;
}

export interface PipelineHooks {
  readonly onFailure?: (failure: SinkFailure) => void;
  readonly onChange?: (status: readonly SinkStatus[]) => void;
}

interface Lane {
  readonly spec: SinkSpec;
  readonly sink: ChunkSink;
  readonly max: number;
  readonly queue: Blob[];
  state: SinkStatus['state'];
  queuedBytes: number;
  writtenBytes: number;
  writing: boolean;
  closeRequested: boolean;
  error?: string;
  readonly done: Promise<void>;
  resolveDone(): void;
}

/** Throws a plain Error naming the problem when the specs are unusable (duplicate name, bad bound). */
export function validateSinkSpecs(specs: readonly SinkSpec[]): void {
  const seen = new Set<string>();
  for (const spec of specs) {
    if (typeof spec.name !== 'string' || spec.name.trim() === '') throw new Error('Every recording sink needs a name');
    if (seen.has(spec.name)) throw new Error(`Two recording sinks are named "${spec.name}"`);
    seen.add(spec.name);
    const max = spec.maxQueuedBytes;
    if (max !== undefined && !(Number.isSafeInteger(max) && max > 0)) {
      throw new Error(
        `Recording sink "${spec.name}": maxQueuedBytes must be a positive whole number of bytes, not ${max}`,
      );
    }
  }
}

export function createSinkPipeline(specs: readonly SinkSpec[], hooks: PipelineHooks = {}): SinkPipeline {
  validateSinkSpecs(specs);
  const lanes: Lane[] = specs.map((spec) => {
    let resolveDone!: () => void;
    const done = new Promise<void>((resolve) => (resolveDone = resolve));
    return {
      spec,
      sink: isWritableStream(spec.sink) ? sinkFromStream(spec.sink) : spec.sink,
      max: spec.maxQueuedBytes ?? defaultMaxQueuedBytes,
      queue: [],
      state: 'open',
      queuedBytes: 0,
      writtenBytes: 0,
      writing: false,
      closeRequested: false,
      done,
      resolveDone,
    };
  });
  let status = snapshot();

  function snapshot(): readonly SinkStatus[] {
    return lanes.map((lane) => ({
      name: lane.spec.name,
      required: lane.spec.required ?? false,
      state: lane.state,
      queuedChunks: lane.queue.length,
      queuedBytes: lane.queuedBytes,
      maxQueuedBytes: lane.max,
      writtenBytes: lane.writtenBytes,
      ...(lane.error !== undefined ? { error: lane.error } : {}),
    }));
  }

  function changed() {
    status = snapshot();
    hooks.onChange?.(status);
  }

  function settle(lane: Lane, state: 'closed' | 'failed' | 'aborted', error?: string) {
    lane.state = state;
    if (error !== undefined) lane.error = error;
    lane.queue.length = 0;
    lane.queuedBytes = 0;
    changed();
    lane.resolveDone();
  }

  function fail(lane: Lane, error: unknown, { abort }: { abort: boolean }) {
    if (lane.state === 'closed' || lane.state === 'failed' || lane.state === 'aborted') return;
    const message = error instanceof Error ? error.message : String(error);
    settle(lane, 'failed', message);
    if (abort) callSink(() => lane.sink.abort(error)).catch(() => undefined);
    hooks.onFailure?.({ name: lane.spec.name, required: lane.spec.required ?? false, message });
  }

  async function pump(lane: Lane) {
    if (lane.writing) return;
    lane.writing = true;
    try {
      while (lane.state === 'open' && lane.queue.length > 0) {
        const chunk = lane.queue[0]!;
        try {
          await callSink(() => lane.sink.write(chunk));
        } catch (error) {
          fail(lane, error, { abort: true });
          return;
        }
        if (lane.state !== 'open') return; // aborted while the write was under way
        lane.queue.shift();
        lane.queuedBytes -= chunk.size;
        lane.writtenBytes += chunk.size;
        changed();
      }
    } finally {
      lane.writing = false;
    }
    if (lane.state === 'open' && lane.closeRequested) await closeLane(lane);
  }

  async function closeLane(lane: Lane) {
    lane.state = 'closing';
    changed();
    try {
      await callSink(() => lane.sink.close());
    } catch (error) {
      fail(lane, error, { abort: false });
      return;
    }
    if (lane.state === 'closing') settle(lane, 'closed');
  }

  return {
    push(chunk) {
      if (chunk.size === 0) return;
      for (const lane of lanes) {
        if (lane.state !== 'open' || lane.closeRequested) continue;
        if (lane.queuedBytes + chunk.size > lane.max) {
          fail(lane, new Error(`fell more than ${formatBytes(lane.max)} behind the recording`), { abort: true });
          continue;
        }
        lane.queue.push(chunk);
        lane.queuedBytes += chunk.size;
        changed();
        void pump(lane);
      }
    },
    close() {
      for (const lane of lanes) {
        if (lane.state !== 'open' || lane.closeRequested) continue;
        lane.closeRequested = true;
        void pump(lane);
      }
    },
    abort(reason) {
      for (const lane of lanes) {
        if (lane.state !== 'open' && lane.state !== 'closing') continue;
        settle(lane, 'aborted');
        callSink(() => lane.sink.abort(reason)).catch(() => undefined);
      }
    },
    get status() {
      return status;
    },
    async done(name) {
      const waited = name === undefined ? lanes : lanes.filter((lane) => lane.spec.name === name);
      if (name !== undefined && waited.length === 0) throw new Error(`No recording sink is named "${name}"`);
      await Promise.all(waited.map((lane) => lane.done));
      return status;
    },
  };
}

/**
 * Calls into a sink as a promise, whether it rejects, throws at once or returns nothing: a sink
 * written carelessly must not break the loop that feeds the other sinks.
 */
function callSink(call: () => Promise<void> | void): Promise<void> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error);
  }
}

function formatBytes(bytes: number): string {
  const round = (value: number) => Math.round(value * 10) / 10;
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MiB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

/**
 * Every chunk MediaRecorder produces goes to sinks, each with the shape of a `WritableStream<Blob>`'s
 * writer: `write` resolves once the chunk is safe with the sink, and the recorder waits for it before
 * handing that sink the next one (see sink-pipeline.ts). The collector behind the preview Blob is
 * one sink; upload-while-recording and a local spool are others, added without touching the recorder.
 */
export interface ChunkSink {
  /** A non-empty chunk, in recording order. A rejection fails the sink (see SinkSpec.required). */
  write(chunk: Blob): Promise<void>;
  /** The recording ended normally and every chunk was written; nothing follows. */
  close(): Promise<void>;
  /** The sink is given up (it failed, fell behind, or the recording was discarded); nothing follows. */
  abort(reason: unknown): Promise<void>;
}

/** One sink of a recording, as `RecorderOptions.sinks` returns it. */
export interface SinkSpec {
  /** Names the sink in status reports and messages ("upload", "spool"); unique; "collector" is taken. */
  readonly name: string;
  /** A `ChunkSink`, or a real `WritableStream<Blob>` (written through its writer). */
  readonly sink: ChunkSink | WritableStream<Blob>;
  /**
   * Required: if this sink fails, the recording stops at once (keeping what was recorded).
   * Optional (the default): the sink is aborted and dropped, and the recording goes on.
   */
  readonly required?: boolean;
  /** Bytes accepted but not yet written beyond which the sink counts as failed. Default 64 MiB. */
  readonly maxQueuedBytes?: number;
}

export interface ChunkCollector extends ChunkSink {
  readonly chunkCount: number;
  readonly byteLength: number;
  toBlob(mimeType: string): Blob;
}

/** Keeps every chunk in memory: the Blob that is previewed, downloaded and uploaded after Stop. */
export function createChunkCollector(): ChunkCollector {
  const chunks: Blob[] = [];
  let byteLength = 0;
  return {
    async write(chunk) {
      chunks.push(chunk);
      byteLength += chunk.size;
    },
    async close() {},
    async abort() {},
    get chunkCount() {
      return chunks.length;
    },
    get byteLength() {
      return byteLength;
    },
    toBlob(mimeType) {
      return new Blob(chunks, { type: mimeType });
    },
  };
}

/** A `WritableStream<Blob>` as a ChunkSink: one writer, held until the stream is closed or aborted. */
export function sinkFromStream(stream: WritableStream<Blob>): ChunkSink {
  const writer = stream.getWriter();
  return {
    async write(chunk) {
      await writer.ready;
      await writer.write(chunk);
    },
    close: () => writer.close(),
    abort: (reason) => writer.abort(reason),
  };
}

export function isWritableStream(sink: ChunkSink | WritableStream<Blob>): sink is WritableStream<Blob> {
  return typeof (sink as WritableStream<Blob>).getWriter === 'function';
}

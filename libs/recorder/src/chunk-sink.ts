/**
 * Every chunk MediaRecorder produces goes through one interface. Today one sink collects the
 * chunks into the Blob that is previewed, downloaded and uploaded; upload-while-recording (tus) and
 * a local spool are further sinks added beside it, without touching the recorder.
 */
export interface ChunkSink {
  /** A non-empty chunk, in recording order. */
  onChunk(chunk: Blob): void;
  /** The recording ended (stopped or failed); no more chunks follow. */
  onEnd?(): void;
}

export interface ChunkCollector extends ChunkSink {
  readonly chunkCount: number;
  readonly byteLength: number;
  toBlob(mimeType: string): Blob;
}

export function createChunkCollector(): ChunkCollector {
  const chunks: Blob[] = [];
  let byteLength = 0;
  return {
    onChunk(chunk) {
      chunks.push(chunk);
      byteLength += chunk.size;
    },
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

/** Forward each chunk to every sink; empty chunks (MediaRecorder sends some) are dropped here. */
export function fanOut(sinks: readonly ChunkSink[]): Required<ChunkSink> {
  return {
    onChunk(chunk) {
      if (chunk.size === 0) return;
      for (const sink of sinks) sink.onChunk(chunk);
    },
    onEnd() {
      for (const sink of sinks) sink.onEnd?.();
    },
  };
}

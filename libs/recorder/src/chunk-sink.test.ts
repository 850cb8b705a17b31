import { describe, expect, it } from 'vitest';
import { createChunkCollector, fanOut, type ChunkSink } from './chunk-sink.ts';

describe('chunk sinks', () => {
  it('drops empty chunks and hands the others, in order, to every sink', async () => {
    const collector = createChunkCollector();
    const seen: number[] = [];
    let ended = 0;
    const spy: ChunkSink = { onChunk: (chunk) => seen.push(chunk.size), onEnd: () => (ended += 1) };
    const sink = fanOut([collector, spy]);

    sink.onChunk(new Blob(['ab']));
    sink.onChunk(new Blob([]));
    sink.onChunk(new Blob(['cde']));
    sink.onEnd();

    expect(seen).toEqual([2, 3]);
    expect(ended).toBe(1);
    expect(collector.chunkCount).toBe(2);
    expect(collector.byteLength).toBe(5);
    const blob = collector.toBlob('video/webm;codecs=vp8,opus');
    expect(blob.type).toBe('video/webm;codecs=vp8,opus');
    expect(await blob.text()).toBe('abcde');
  });
});

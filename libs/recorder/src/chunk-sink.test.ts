import { describe, expect, it } from 'vitest';
import { createChunkCollector, isWritableStream, sinkFromStream } from './chunk-sink.ts';

describe('the collector', () => {
  it('keeps every chunk, in order, for the Blob of the recording', async () => {
    const collector = createChunkCollector();
    await collector.write(new Blob(['ab']));
    await collector.write(new Blob(['cde']));
    await collector.close();

    expect(collector.chunkCount).toBe(2);
    expect(collector.byteLength).toBe(5);
    const blob = collector.toBlob('video/webm;codecs=vp8,opus');
    expect(blob.type).toBe('video/webm;codecs=vp8,opus');
    expect(await blob.text()).toBe('abcde');
  });
});

describe('sinkFromStream (a WritableStream<Blob> as a sink)', () => {
  it('writes through one writer, waits for the stream to take each chunk, and closes it', async () => {
    const received: string[] = [];
    let closed = false;
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const stream = new WritableStream<Blob>({
      async write(chunk) {
        if (received.length === 0) await firstHeld;
        received.push(await chunk.text());
      },
      close() {
        closed = true;
      },
    });
    expect(isWritableStream(stream)).toBe(true);
    const sink = sinkFromStream(stream);

    let firstDone = false;
    const first = sink.write(new Blob(['one'])).then(() => (firstDone = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(firstDone).toBe(false); // the stream has not taken it yet: backpressure reaches the recorder
    releaseFirst();
    await first;
    await sink.write(new Blob(['two']));
    await sink.close();

    expect(received).toEqual(['one', 'two']);
    expect(closed).toBe(true);
  });

  it('abort reaches the stream with its reason, and a failing stream rejects the write', async () => {
    let abortedWith: unknown;
    const aborting = sinkFromStream(new WritableStream<Blob>({ abort: (reason) => void (abortedWith = reason) }));
    await aborting.abort(new Error('gone'));
    expect(abortedWith).toEqual(new Error('gone'));

    const failing = sinkFromStream(
      new WritableStream<Blob>({
        write() {
          throw new Error('disk full');
        },
      }),
    );
    await expect(failing.write(new Blob(['x']))).rejects.toThrow('disk full');
  });
});

import { describe, expect, it } from 'vitest';
import type { ChunkSink } from './chunk-sink.ts';
import { createSinkPipeline, type SinkFailure } from './sink-pipeline.ts';
import { FakeSink, settle } from './testing/fake-sink.ts';

const chunk = (text: string) => new Blob([text]);

describe('createSinkPipeline', () => {
  it('gives every sink the same chunks in the same order, one write at a time, and drops empty chunks', async () => {
    const fast = new FakeSink();
    const slow = new FakeSink({ manual: true });
    const pipeline = createSinkPipeline([
      { name: 'fast', sink: fast },
      { name: 'slow', sink: slow },
    ]);

    pipeline.push(chunk('a'));
    pipeline.push(chunk(''));
    pipeline.push(chunk('bb'));
    pipeline.push(chunk('ccc'));
    await settle();

    // The slow sink holds nobody up, and has only its first chunk under way.
    expect(await fast.text()).toBe('abbccc');
    expect(slow.pending.map((write) => write.chunk.size)).toEqual([1]);
    await slow.completeWrite();
    await slow.completeWrite();
    await slow.completeWrite();
    expect(await slow.text()).toBe('abbccc');
    expect(slow.maxConcurrentWrites).toBe(1);
  });

  it('says how far behind each sink is', async () => {
    const slow = new FakeSink({ manual: true });
    const pipeline = createSinkPipeline([{ name: 'upload', sink: slow, maxQueuedBytes: 100 }]);
    pipeline.push(chunk('12345'));
    pipeline.push(chunk('678'));
    expect(pipeline.status).toEqual([
      {
        name: 'upload',
        required: false,
        state: 'open',
        queuedChunks: 2,
        queuedBytes: 8,
        maxQueuedBytes: 100,
        writtenBytes: 0,
      },
    ]);
    await slow.completeWrite();
    expect(pipeline.status[0]).toMatchObject({ queuedChunks: 1, queuedBytes: 3, writtenBytes: 5 });
  });

  it('a sink whose bounded queue would overflow fails, is aborted, and its queue is dropped; the others go on', async () => {
    const slow = new FakeSink({ manual: true });
    const other = new FakeSink();
    const failures: SinkFailure[] = [];
    const pipeline = createSinkPipeline(
      [
        { name: 'upload', sink: slow, maxQueuedBytes: 1024 * 1024 },
        { name: 'spool', sink: other },
      ],
      { onFailure: (failure) => failures.push(failure) },
    );
    pipeline.push(new Blob([new Uint8Array(600 * 1024)]));
    pipeline.push(new Blob([new Uint8Array(400 * 1024)]));
    expect(failures).toEqual([]);
    pipeline.push(new Blob([new Uint8Array(100 * 1024)]));

    expect(failures).toEqual([
      { name: 'upload', required: false, message: 'fell more than 1 MiB behind the recording' },
    ]);
    expect(slow.abortReasons).toEqual([new Error('fell more than 1 MiB behind the recording')]);
    expect(pipeline.status[0]).toMatchObject({
      state: 'failed',
      queuedChunks: 0,
      queuedBytes: 0,
      error: 'fell more than 1 MiB behind the recording',
    });
    pipeline.push(chunk('more'));
    await settle();
    expect(other.written).toHaveLength(4);
    expect(slow.pending).toHaveLength(1); // the write already under way; nothing new was sent
  });

  it('a rejected write fails the sink: it is aborted with the error, gets nothing more and is not closed', async () => {
    const sink = new FakeSink({ manual: true });
    const failures: SinkFailure[] = [];
    const pipeline = createSinkPipeline([{ name: 'upload', sink, required: true }], {
      onFailure: (f) => failures.push(f),
    });
    pipeline.push(chunk('a'));
    pipeline.push(chunk('b'));
    await sink.failWrite(new Error('network down'));

    expect(failures).toEqual([{ name: 'upload', required: true, message: 'network down' }]);
    expect(sink.abortReasons).toEqual([new Error('network down')]);
    expect(sink.pending).toEqual([]);
    pipeline.close();
    expect(await pipeline.done()).toMatchObject([{ state: 'failed', error: 'network down' }]);
    expect(sink.closed).toBe(false);
  });

  it('close() closes each sink only after its last chunk is written', async () => {
    const sink = new FakeSink({ manual: true });
    const pipeline = createSinkPipeline([{ name: 'upload', sink }]);
    pipeline.push(chunk('a'));
    pipeline.push(chunk('b'));
    pipeline.close();
    pipeline.push(chunk('too late'));
    await settle();
    expect(sink.closed).toBe(false);
    await sink.completeWrite();
    await sink.completeWrite();

    expect(await pipeline.done('upload')).toMatchObject([{ state: 'closed', writtenBytes: 2, queuedChunks: 0 }]);
    expect(sink.closed).toBe(true);
    expect(sink.closedEarly).toBe(false);
    expect(await sink.text()).toBe('ab');
  });

  it('a rejected close fails the sink', async () => {
    const failures: SinkFailure[] = [];
    const pipeline = createSinkPipeline(
      [{ name: 'upload', sink: new FakeSink({ closeError: new Error('finalise refused') }) }],
      {
        onFailure: (f) => failures.push(f),
      },
    );
    pipeline.close();
    expect(await pipeline.done()).toMatchObject([{ state: 'failed', error: 'finalise refused' }]);
    expect(failures).toEqual([{ name: 'upload', required: false, message: 'finalise refused' }]);
  });

  it('abort() drops every queue and aborts every unfinished sink with the reason, without reporting failures', async () => {
    const open = new FakeSink({ manual: true });
    const idle = new FakeSink();
    const failures: SinkFailure[] = [];
    const pipeline = createSinkPipeline(
      [
        { name: 'open', sink: open },
        { name: 'idle', sink: idle },
      ],
      { onFailure: (f) => failures.push(f) },
    );
    pipeline.push(chunk('a'));
    await settle();
    const reason = new Error('discarded');
    pipeline.abort(reason);
    await open.completeWrite(); // the write under way finishing late changes nothing

    expect(open.abortReasons).toEqual([reason]);
    expect(idle.abortReasons).toEqual([reason]);
    expect(open.closed).toBe(false);
    expect(await pipeline.done()).toMatchObject([
      { state: 'aborted', queuedChunks: 0 },
      { state: 'aborted', writtenBytes: 1 },
    ]);
    expect(failures).toEqual([]);
  });

  it('a sink that throws at once instead of rejecting fails alone; the chunk still reaches the others', async () => {
    const careless = {
      write: () => {
        throw new Error('not a promise');
      },
      close: () => Promise.resolve(),
      abort: () => {
        throw new Error('abort threw too');
      },
    };
    const other = new FakeSink();
    const failures: SinkFailure[] = [];
    const pipeline = createSinkPipeline(
      [
        { name: 'careless', sink: careless as unknown as ChunkSink },
        { name: 'other', sink: other },
      ],
      { onFailure: (f) => failures.push(f) },
    );
    pipeline.push(chunk('a'));
    pipeline.push(chunk('b'));
    await settle();
    expect(failures).toEqual([{ name: 'careless', required: false, message: 'not a promise' }]);
    expect(await other.text()).toBe('ab');
  });

  it('refuses sinks it cannot tell apart or bound, naming the problem', () => {
    const sink = new FakeSink();
    expect(() =>
      createSinkPipeline([
        { name: 'a', sink },
        { name: 'a', sink },
      ]),
    ).toThrow('Two recording sinks are named "a"');
    expect(() => createSinkPipeline([{ name: ' ', sink }])).toThrow('Every recording sink needs a name');
    expect(() => createSinkPipeline([{ name: 'a', sink, maxQueuedBytes: 0 }])).toThrow(
      'Recording sink "a": maxQueuedBytes must be a positive whole number of bytes, not 0',
    );
    expect(() => createSinkPipeline([{ name: 'a', sink, maxQueuedBytes: 1.5 }])).toThrow(/not 1.5/);
  });
});

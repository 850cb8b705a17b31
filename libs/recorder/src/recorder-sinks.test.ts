import { describe, expect, it } from 'vitest';
import type { RecorderState } from './machine.ts';
import { describeSinkFailure, messages } from './messages.ts';
import { createRecorder, type RecorderOptions } from './recorder.ts';
import type { SinkStatus } from './sink-pipeline.ts';
import { createFakeBrowser } from './testing/fake-browser.ts';
import { FakeSink, settle } from './testing/fake-sink.ts';

/** A recorder on a fake browser with the given sinks; `recorder()` is its MediaRecorder once started. */
async function recording(sinks: RecorderOptions['sinks']) {
  const fake = createFakeBrowser();
  const recorder = createRecorder({ browser: fake.browser, sinks });
  await recorder.start();
  return { fake, recorder, mediaRecorder: fake.recorders[0]! };
}

describe('createRecorder with sinks (fake browser)', () => {
  it('makes fresh sinks for every recording, told its type, and feeds each the same chunks in order', async () => {
    const made: { mimeType: string; upload: FakeSink; spool: FakeSink }[] = [];
    const { recorder, fake } = await recording(({ mimeType }) => {
      const upload = new FakeSink({ manual: true });
      const spool = new FakeSink();
      made.push({ mimeType, upload, spool });
      return [
        { name: 'upload', sink: upload },
        { name: 'spool', sink: spool, required: true },
      ];
    });
    const mediaRecorder = fake.recorders[0]!;
    mediaRecorder.emit(new Blob(['a-']));
    mediaRecorder.emit(new Blob(['b-']));
    await settle();
    const [first] = made;
    expect(first!.mimeType).toBe('video/webm;codecs=vp9,opus');
    expect(await first!.spool.text()).toBe('a-b-');
    expect(first!.upload.pending).toHaveLength(1); // one write at a time

    const stopped = await recorder.stop();
    expect(stopped.status).toBe('stopped'); // the slow upload does not hold the preview back
    if (stopped.status === 'stopped') expect(await stopped.recording.blob.text()).toBe('a-b-last');
    while (first!.upload.pending.length > 0) await first!.upload.completeWrite();
    const done = await recorder.sinksDone();
    expect(done.map((sink) => [sink.name, sink.state])).toEqual([
      ['collector', 'closed'],
      ['upload', 'closed'],
      ['spool', 'closed'],
    ]);
    expect(await first!.upload.text()).toBe('a-b-last');
    expect(first!.upload.closedEarly).toBe(false);

    await recorder.start();
    expect(made).toHaveLength(2);
    expect(recorder.sinks.map((sink) => sink.writtenBytes)).toEqual([0, 0, 0]);
  });

  it('reports how far behind a slow sink is, and a sink whose bounded queue fills fails without stopping the recording', async () => {
    const slow = new FakeSink({ manual: true });
    const { recorder, mediaRecorder } = await recording(() => [{ name: 'upload', sink: slow, maxQueuedBytes: 10 }]);
    const reports: (readonly SinkStatus[])[] = [];
    recorder.onSinks((sinks) => reports.push(sinks));

    mediaRecorder.emit(new Blob(['1234']));
    mediaRecorder.emit(new Blob(['5678']));
    expect(recorder.sinks[1]).toMatchObject({
      name: 'upload',
      state: 'open',
      queuedChunks: 2,
      queuedBytes: 8,
      maxQueuedBytes: 10,
    });
    expect(reports.at(-1)).toBe(recorder.sinks);

    mediaRecorder.emit(new Blob(['9abc']));
    const message = describeSinkFailure('upload', false, 'fell more than 10 bytes behind the recording');
    expect(recorder.state).toMatchObject({ status: 'recording', sinkFailures: [{ name: 'upload', message }] });
    expect(recorder.sinks[1]).toMatchObject({ state: 'failed', queuedBytes: 0 });
    expect(slow.abortReasons).toHaveLength(1);

    mediaRecorder.emit(new Blob(['def']));
    const stopped = await recorder.stop();
    expect(stopped).toMatchObject({ status: 'stopped', reason: 'user', sinkFailures: [{ name: 'upload', message }] });
    if (stopped.status === 'stopped') expect(await stopped.recording.blob.text()).toBe('123456789abcdeflast');
  });

  it('an optional sink that fails is aborted and dropped; the recording goes on and its Blob is whole', async () => {
    const upload = new FakeSink({ manual: true });
    const spool = new FakeSink();
    const { recorder, mediaRecorder } = await recording(() => [
      { name: 'upload', sink: upload },
      { name: 'local copy', sink: spool },
    ]);
    mediaRecorder.emit(new Blob(['one-']));
    await upload.failWrite(new Error('network down'));
    expect(upload.abortReasons).toEqual([new Error('network down')]);
    expect(recorder.state).toMatchObject({
      status: 'recording',
      sinkFailures: [
        {
          name: 'upload',
          message: 'The upload stopped (network down). The recording itself goes on and is kept here.',
        },
      ],
    });

    mediaRecorder.emit(new Blob(['two-']));
    const stopped = await recorder.stop();
    expect(stopped).toMatchObject({ status: 'stopped', reason: 'user' });
    if (stopped.status === 'stopped') expect(await stopped.recording.blob.text()).toBe('one-two-last');
    await recorder.sinksDone();
    expect(await spool.text()).toBe('one-two-last');
    expect(spool.closed).toBe(true);
    expect(upload.closed).toBe(false);
  });

  it('a required sink that fails stops the recording with a clear message, keeps the Blob and closes the other sinks', async () => {
    const spool = new FakeSink({ manual: true });
    const upload = new FakeSink();
    const { recorder, mediaRecorder, fake } = await recording(() => [
      { name: 'local copy', sink: spool, required: true },
      { name: 'upload', sink: upload },
    ]);
    const settledState = new Promise<RecorderState>((resolve) =>
      recorder.on((state) => state.status === 'stopped' && resolve(state)),
    );
    mediaRecorder.emit(new Blob(['kept-']));
    await spool.failWrite(new Error('quota exceeded'));

    const notice =
      'The recording stopped because its local copy failed (quota exceeded). Whatever was recorded before it is kept.';
    expect(recorder.state).toMatchObject({ status: 'stopping', reason: 'sink-failed', notice });
    expect(Object.values(fake.tracks).every((track) => track.stopped)).toBe(true);
    const stopped = await settledState;
    expect(stopped).toMatchObject({ status: 'stopped', reason: 'sink-failed', notice });
    if (stopped.status === 'stopped') expect(await stopped.recording.blob.text()).toBe('kept-last');
    expect(spool.abortReasons).toEqual([new Error('quota exceeded')]);
    await recorder.sinksDone();
    expect(upload.closed).toBe(true);
    expect(await upload.text()).toBe('kept-last');
  });

  it('a WritableStream<Blob> is a sink too, closed after the last chunk', async () => {
    const received: string[] = [];
    let closed = false;
    const stream = new WritableStream<Blob>({
      async write(chunk) {
        received.push(await chunk.text());
      },
      close: () => void (closed = true),
    });
    const { recorder, mediaRecorder } = await recording(() => [{ name: 'stream', sink: stream }]);
    mediaRecorder.emit(new Blob(['x-']));
    await recorder.stop();
    await recorder.sinksDone();
    expect(received).toEqual(['x-', 'last']);
    expect(closed).toBe(true);
  });

  it('leaving the page while recording aborts every sink with the reason', async () => {
    const sink = new FakeSink();
    const { recorder, mediaRecorder } = await recording(() => [{ name: 'upload', sink }]);
    mediaRecorder.emit(new Blob(['x']));
    recorder.dispose();
    expect(sink.abortReasons).toEqual([new Error(messages.discarded)]);
    expect((await recorder.sinksDone()).map((s) => s.state)).toEqual(['aborted', 'aborted']);
    expect(recorder.state).toEqual({ status: 'idle' });
  });

  it('sinks that cannot be told apart fail the start with a message and release the capture', async () => {
    for (const [sinks, detail] of [
      [
        () => [{ name: 'collector', sink: new FakeSink() }],
        '"collector" is the name of the recorder\'s own sink; give yours another name',
      ],
      [
        () => [
          { name: 'a', sink: new FakeSink() },
          { name: 'a', sink: new FakeSink() },
        ],
        'Two recording sinks are named "a"',
      ],
      [
        () => {
          throw new Error('no upload session');
        },
        'no upload session',
      ],
    ] as const) {
      const fake = createFakeBrowser();
      const recorder = createRecorder({ browser: fake.browser, sinks });
      expect(await recorder.start()).toEqual({ status: 'error', message: messages.sinksUnusable(detail) });
      expect(Object.values(fake.tracks).every((track) => track.stopped)).toBe(true);
      expect(fake.contexts[0]!.closed).toBe(true);
      expect(fake.recorders[0]!.state).toBe('inactive');
    }
  });
});

// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBrowser } from '../testing/fake-browser.ts';
import { FakeSink } from '../testing/fake-sink.ts';
import { useRecorder } from './use-recorder.ts';

describe('useRecorder', () => {
  it('follows the recorder, counts elapsed time while recording and releases media on unmount', async () => {
    const fake = createFakeBrowser();
    let t = 1_000;
    const { result, unmount } = renderHook(() => useRecorder({ browser: fake.browser, now: () => t }));
    expect(result.current.state.status).toBe('idle');

    await act(() => result.current.start());
    expect(result.current.state.status).toBe('recording');
    t += 2_000;
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(result.current.elapsedMs).toBe(2_000);

    unmount();
    expect(Object.values(fake.tracks).every((track) => track.stopped)).toBe(true);
  });

  it('follows the sinks: how far behind a slow one is, and when it catches up', async () => {
    const fake = createFakeBrowser();
    const upload = new FakeSink({ manual: true });
    const { result } = renderHook(() =>
      useRecorder({ browser: fake.browser, sinks: () => [{ name: 'upload', sink: upload }] }),
    );
    expect(result.current.sinks).toEqual([]);
    await act(() => result.current.start());
    await act(async () => {
      fake.recorders[0]!.emit(new Blob(['abc']));
      fake.recorders[0]!.emit(new Blob(['de']));
    });
    expect(result.current.sinks.map((sink) => [sink.name, sink.queuedBytes])).toEqual([
      ['collector', 0],
      ['upload', 5],
    ]);
    await act(() => upload.completeWrite());
    expect(result.current.sinks[1]).toMatchObject({ queuedBytes: 2, writtenBytes: 3 });
  });

  it('keeps the elapsed time of a stopped recording', async () => {
    const fake = createFakeBrowser();
    let t = 0;
    const { result } = renderHook(() => useRecorder({ browser: fake.browser, now: () => t }));
    await act(() => result.current.start());
    t = 3_000;
    await act(() => result.current.stop());
    t = 60_000;
    expect(result.current.state.status).toBe('stopped');
    expect(result.current.elapsedMs).toBe(3_000);
  });
});

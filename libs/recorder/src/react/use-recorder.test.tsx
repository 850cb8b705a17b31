// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBrowser } from '../testing/fake-browser.ts';
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

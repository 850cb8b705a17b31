// @vitest-environment happy-dom
import { Code, ConnectError } from '@connectrpc/connect';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { composeRecordingUploads } from '../recording-uploads.ts';
import type { WhoCanWatch } from '../share/share-link.ts';
import { useWhoCanWatch } from './use-who-can-watch.ts';

const wholeFile = { isUploading: false, upload: vi.fn() };

function uploadsAnswering(answer: (videoId: string, to: WhoCanWatch) => Promise<WhoCanWatch>) {
  const changeVisibility = vi.fn(answer);
  return { changeVisibility, recordings: composeRecordingUploads({ wholeFile, changeVisibility }) };
}

describe('useWhoCanWatch', () => {
  it('shows the change at once, saves it, and keeps what the server saved', async () => {
    let release: (saved: WhoCanWatch) => void = () => undefined;
    const { recordings, changeVisibility } = uploadsAnswering(
      () => new Promise<WhoCanWatch>((resolve) => (release = resolve)),
    );
    const { result } = renderHook(() => useWhoCanWatch(recordings, 'v1', 'shared'));
    expect(result.current.visibility).toBe('shared');
    act(() => result.current.change('private'));
    expect(result.current).toMatchObject({ visibility: 'private', busy: true });
    expect(changeVisibility).toHaveBeenCalledWith('v1', 'private');
    await act(async () => release('private'));
    expect(result.current).toMatchObject({ visibility: 'private', busy: false, error: undefined });
  });

  it('goes back and says why when the server refuses', async () => {
    const { recordings } = uploadsAnswering(async () => {
      throw new ConnectError('no', Code.Unavailable);
    });
    const { result } = renderHook(() => useWhoCanWatch(recordings, 'v1', 'shared'));
    act(() => result.current.change('public'));
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.visibility).toBe('shared');
    expect(result.current.error).toMatch(/^Who can watch did not change: /);
  });

  it('a new recording starts from its own visibility, not the last one’s choice', async () => {
    const { recordings } = uploadsAnswering(async (_id, to) => to);
    const { result, rerender } = renderHook(({ id, known }) => useWhoCanWatch(recordings, id, known), {
      initialProps: { id: 'v1', known: 'shared' as WhoCanWatch },
    });
    act(() => result.current.change('public'));
    await waitFor(() => expect(result.current.busy).toBe(false));
    rerender({ id: 'v2', known: 'shared' });
    expect(result.current.visibility).toBe('shared');
  });

  it('without a video (no link yet) changes nothing', () => {
    const { recordings, changeVisibility } = uploadsAnswering(async (_id, to) => to);
    const { result } = renderHook(() => useWhoCanWatch(recordings, undefined, undefined));
    act(() => result.current.change('public'));
    expect(changeVisibility).not.toHaveBeenCalled();
    expect(result.current.visibility).toBeUndefined();
  });
});

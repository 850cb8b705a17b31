// @vitest-environment happy-dom
import { AnnotationKind, EditState, Status } from '@stream/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeVideoService } from '../testing';
import { stageOf } from '../view/video-view';
import { useVideoEdits } from './use-video-edits';

afterEach(cleanup);

function setup() {
  const fake = createFakeVideoService({
    videos: [{ id: 'abc', status: Status.READY, durationSeconds: 10, originalUrl: '/original' }],
  });
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  const editsOf = () => renderHook(() => useVideoEdits(fake.transport, fake.videos.get('abc')!), { wrapper }).result;
  return { fake, editsOf };
}

describe('useVideoEdits with annotations', () => {
  it('saves the annotations with the kept ranges in one SaveEdits, and opens the editor on them again', async () => {
    const { fake, editsOf } = setup();
    const trim = editsOf().current.trim!;
    expect(trim.initialAnnotations).toEqual([]);
    await act(() =>
      trim.onSave(
        [{ start: 0, end: 10 }],
        [
          { kind: 'blur', from: 1, to: 4, x: 0, y: 0, width: 50, height: 50, text: '', color: '' },
          { kind: 'text', from: 2, to: 5, x: 5, y: 5, width: 40, height: 12, text: 'Look', color: '' },
        ],
      ),
    );
    const saves = fake.calls.filter((call) => call.method === 'saveEdits');
    expect(saves).toHaveLength(1);
    const video = fake.videos.get('abc')!;
    expect(video.editState).not.toBe(EditState.NONE);
    expect(video.editAnnotations.map(({ kind }) => kind)).toEqual([AnnotationKind.BLUR, AnnotationKind.TEXT]);
    // Viewers' overlays: the callout, never the blur.
    expect(stageOf(video).annotations.map(({ kind, text }) => [kind, text])).toEqual([['text', 'Look']]);
    expect(editsOf().current.trim!.initialAnnotations.map(({ kind }) => kind)).toEqual(['blur', 'text']);
  });

  it('offers Revert for overlays alone (saved over the whole video, no render), and Revert removes them', async () => {
    const { fake, editsOf } = setup();
    const edits = editsOf().current;
    expect(edits.editState).toBe('none');
    await act(() =>
      edits.trim!.onSave(
        [{ start: 0, end: 10 }],
        [{ kind: 'box', from: 1, to: 2, x: 10, y: 10, width: 20, height: 20, text: '', color: '' }],
      ),
    );
    expect(fake.videos.get('abc')!.editState).toBe(EditState.NONE);
    expect(editsOf().current.editState).toBe('applied');
    const revert = editsOf().current.onRevert;
    await act(() => revert());
    expect(fake.videos.get('abc')!.editAnnotations).toEqual([]);
    expect(editsOf().current.editState).toBe('none');
  });

  it('rejects with the server’s words when it refuses them, and the video keeps its edit', async () => {
    const { fake, editsOf } = setup();
    const save = editsOf().current.trim!.onSave(
      [{ start: 0, end: 10 }],
      [{ kind: 'box', from: 3, to: 2, x: 0, y: 0, width: 10, height: 10, text: '', color: '' }],
    );
    await expect(save).rejects.toThrow(/must end after it starts/);
    expect(fake.videos.get('abc')!.editAnnotations).toEqual([]);
  });
});

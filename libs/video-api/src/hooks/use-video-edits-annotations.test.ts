// @vitest-environment happy-dom
import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import {
  AnnotationKind,
  AnnotationSchema,
  EditService,
  EditState,
  type SaveEditsRequest,
  VideoSchema,
} from '@stream/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useVideoEdits } from './use-video-edits';

afterEach(cleanup);

describe('useVideoEdits with annotations (issue 31)', () => {
  it('opens the editor on the owner’s saved annotations and saves them with the kept ranges in one SaveEdits', async () => {
    const requests: SaveEditsRequest[] = [];
    const transport = createRouterTransport(({ service }) =>
      service(EditService, {
        saveEdits: (request) => {
          requests.push(request);
          return create(VideoSchema, { id: request.videoId, editState: EditState.APPLYING });
        },
      }),
    );
    const video = create(VideoSchema, {
      id: 'abc',
      durationSeconds: 10,
      originalUrl: '/original',
      annotations: [
        create(AnnotationSchema, { kind: AnnotationKind.TEXT, toSeconds: 2, width: 9, height: 9, text: 'A' }),
      ],
      editAnnotations: [
        create(AnnotationSchema, { kind: AnnotationKind.BLUR, fromSeconds: 1, toSeconds: 4, width: 50, height: 50 }),
      ],
    });
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const trim = renderHook(() => useVideoEdits(transport, video), { wrapper }).result.current.trim!;
    expect(trim.initialAnnotations).toEqual([
      { kind: 'blur', from: 1, to: 4, x: 0, y: 0, width: 50, height: 50, text: '', color: '' },
    ]);
    await act(() =>
      trim.onSave(
        [{ start: 0, end: 10 }],
        [
          ...trim.initialAnnotations,
          { kind: 'text', from: 0, to: 2, x: 5, y: 5, width: 40, height: 12, text: 'Look', color: '' },
        ],
      ),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]!.keptRanges.map(({ startSeconds, endSeconds }) => [startSeconds, endSeconds])).toEqual([
      [0, 10],
    ]);
    expect(requests[0]!.annotations.map(({ kind, text }) => [kind, text])).toEqual([
      [AnnotationKind.BLUR, ''],
      [AnnotationKind.TEXT, 'Look'],
    ]);
  });
});

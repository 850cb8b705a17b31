// @vitest-environment happy-dom
import { create } from '@bufbuild/protobuf';
import { TranscriptSchema, TranscriptState } from '@stream/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeTranscriptService } from '../testing';
import { useEditorTranscript } from './use-editor-transcript';

afterEach(cleanup);

function setup(caller: string) {
  const fake = createFakeTranscriptService();
  fake.owners.set('v1', 'owner');
  fake.transcripts.set(
    'v1',
    create(TranscriptSchema, {
      videoId: 'v1',
      state: TranscriptState.DONE,
      segments: [
        {
          index: 0,
          startSeconds: 1,
          endSeconds: 2,
          text: 'um hello',
          words: [
            { word: 'um', startSeconds: 1, endSeconds: 1.3 },
            { word: 'hello', startSeconds: 1.4, endSeconds: 2 },
          ],
        },
      ],
    }),
  );
  fake.as(caller);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  const video = { id: 'v1', transcriptState: TranscriptState.DONE };
  return (editing: boolean) =>
    renderHook(() => useEditorTranscript(fake.transport, video, editing), { wrapper }).result;
}

describe('the transcript the editor cuts (edit by transcript)', () => {
  it('reads the lines with their word times once the owner edits, and nothing before', async () => {
    expect(setup('owner')(false).current).toBeUndefined();
    const result = setup('owner')(true);
    await waitFor(() => expect(result.current).toBeDefined());
    expect(result.current).toEqual([
      {
        index: 0,
        start: 1,
        end: 2,
        text: 'um hello',
        words: [
          // Words the engine did not doubt: the fake's transcript carries no confidence.
          { word: 'um', start: 1, end: 1.3, uncertain: false },
          { word: 'hello', start: 1.4, end: 2, uncertain: false },
        ],
      },
    ]);
  });

  it('gives no lines to anyone but the owner', async () => {
    const result = setup('someone-else')(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current).toBeUndefined();
  });
});

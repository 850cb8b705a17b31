// @vitest-environment happy-dom
import { create } from '@bufbuild/protobuf';
import { TranscriptSchema, TranscriptState } from '@stream/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeTranscriptService } from '../testing';
import { useTranscript } from './use-transcript';

afterEach(cleanup);

function setup(state: TranscriptState, uid = 'owner') {
  const fake = createFakeTranscriptService();
  fake.owners.set('v1', 'owner');
  fake.transcripts.set(
    'v1',
    create(TranscriptSchema, {
      videoId: 'v1',
      state,
      failureReason: state === TranscriptState.FAILED ? 'The transcription server answered 503 (4 tries)' : '',
      language: 'en',
      segments:
        state === TranscriptState.DONE
          ? [
              { index: 0, startSeconds: 0.5, endSeconds: 3.5, text: 'Welcome.' },
              { index: 1, startSeconds: 4, endSeconds: 7, text: 'The zepelin dashboard.' },
            ]
          : [],
    }),
  );
  fake.as(uid);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  const video = { id: 'v1', transcriptState: state, transcriptFailureReason: '' };
  return { fake, wrapper, video };
}

describe('useTranscript', () => {
  it('gives the lines, and lets the owner correct one', async () => {
    const { fake, wrapper, video } = setup(TranscriptState.DONE);
    const { result } = renderHook(() => useTranscript(fake.transport, video, { isOwner: true }), { wrapper });
    await waitFor(() => expect(result.current.lines).toHaveLength(2));
    expect(result.current.state).toBe('done');
    expect(result.current.lines[1]).toEqual({ index: 1, start: 4, end: 7, text: 'The zepelin dashboard.' });
    await act(() => result.current.onEditLine!(1, 'The zeppelin dashboard.'));
    await waitFor(() => expect(result.current.lines[1]!.text).toBe('The zeppelin dashboard.'));
    await expect(result.current.onEditLine!(1, '  ')).rejects.toThrow(/blank/);
  });

  it('gives a viewer no changes, and the owner a Retry after a failure', async () => {
    const viewer = setup(TranscriptState.FAILED, 'someone');
    const seen = renderHook(() => useTranscript(viewer.fake.transport, viewer.video), { wrapper: viewer.wrapper });
    await waitFor(() => expect(seen.result.current.state).toBe('failed'));
    expect(seen.result.current.onRetry).toBeUndefined();
    expect(seen.result.current.onEditLine).toBeUndefined();

    const owner = setup(TranscriptState.FAILED);
    const { result } = renderHook(() => useTranscript(owner.fake.transport, owner.video, { isOwner: true }), {
      wrapper: owner.wrapper,
    });
    await waitFor(() => expect(result.current.failureReason).toBe('The transcription server answered 503 (4 tries)'));
    await act(() => result.current.onRetry!());
    await waitFor(() => expect(result.current.state).toBe('transcribing'));
  });
});

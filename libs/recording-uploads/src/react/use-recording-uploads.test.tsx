// @vitest-environment happy-dom
import { createFakeBrowser, FakeSink } from '@stream/recorder/testing';
import { uploadMessages, type UploadClient } from '@stream/video-api';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { composeRecordingUploads } from '../recording-uploads.ts';
import { useRecorderWithUploads } from './use-recording-uploads.ts';

describe('useRecorderWithUploads', () => {
  it("adds the uploads' sinks to the recorder's, hands each finished recording over once, and follows the state", async () => {
    const fake = createFakeBrowser();
    const upload = vi.fn<UploadClient['upload']>(async () => ({
      ok: true,
      status: 201,
      message: uploadMessages.success,
      videoId: 'v1',
    }));
    const uploads = composeRecordingUploads({ wholeFile: { isUploading: false, upload } });
    const own = new FakeSink();
    const { result, rerender } = renderHook(() =>
      useRecorderWithUploads(uploads, { browser: fake.browser, sinks: () => [{ name: 'own', sink: own }] }),
    );
    expect(result.current.uploads).toEqual({ status: 'idle' });

    await act(() => result.current.recorder.start());
    expect(result.current.uploads).toEqual({ status: 'recording' });
    await act(async () => fake.recorders[0]!.emit(new Blob(['chunk-'])));
    await act(() => result.current.recorder.stop());

    await waitFor(() => expect(result.current.uploads).toMatchObject({ status: 'uploaded', videoId: 'v1' }));
    rerender();
    expect(upload).toHaveBeenCalledOnce();
    expect(await upload.mock.calls[0]![0].text()).toBe('chunk-last');
    expect(await own.text()).toBe('chunk-last');
    expect(result.current.recording?.blob).toBe(upload.mock.calls[0]![0]);
  });
});

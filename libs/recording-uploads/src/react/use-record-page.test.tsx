// @vitest-environment happy-dom
import { createFakeBrowser } from '@stream/recorder/testing';
import { uploadMessages, type UploadClient } from '@stream/video-api';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { composeRecordingUploads } from '../recording-uploads.ts';
import { useRecordPage } from './use-record-page.ts';
import { tooLarge } from '../testing/upload-results.ts';

describe('useRecordPage', () => {
  it('shows the buttons and time while recording; after a failed upload its reason until dismissed, and Re-upload', async () => {
    const fake = createFakeBrowser();
    const upload = vi.fn<UploadClient['upload']>(async () => tooLarge);
    const uploads = composeRecordingUploads({ wholeFile: { isUploading: false, upload } });
    vi.spyOn(uploads, 'retry');
    const { result } = renderHook(() => useRecordPage(uploads, { browser: fake.browser }));
    expect(result.current).toMatchObject({ capturing: false, elapsed: null, preview: null, failure: null });
    expect(result.current.controls).toMatchObject({ recording: false, busy: false, disabled: false });

    await act(() => result.current.recorder.start());
    expect(result.current).toMatchObject({ capturing: true, upload: null, elapsed: { paused: false } });
    expect(result.current.controls.recording).toBe(true);
    await act(async () => fake.recorders[0]!.emit(new Blob(['chunk-'])));
    await act(() => result.current.recorder.stop());

    await waitFor(() => expect(result.current.failure).toBe(uploadMessages.tooLarge));
    expect(result.current).toMatchObject({ capturing: false, stopped: true, upload: { failed: true } });
    expect(result.current.preview?.blob).toBe(upload.mock.calls[0]![0]);
    expect(result.current.preview?.fileName).toBe('recording.webm');
    act(() => result.current.onDismissFailure());
    expect(result.current.failure).toBeNull();
    expect(result.current.upload?.failed).toBe(true); // Re-upload Video stays
    result.current.upload?.onReupload();
    expect(uploads.retry).toHaveBeenCalledOnce();
  });

  it('names the preview download recording.mp4 when the browser recorded MP4 (Safari)', async () => {
    const fake = createFakeBrowser({ supportedTypes: ['video/mp4;codecs=avc1.42E01E,mp4a.40.2'] });
    const upload = vi.fn<UploadClient['upload']>(async () => tooLarge);
    const uploads = composeRecordingUploads({ wholeFile: { isUploading: false, upload } });
    const { result } = renderHook(() => useRecordPage(uploads, { browser: fake.browser }));
    await act(() => result.current.recorder.start());
    await act(async () => fake.recorders[0]!.emit(new Blob(['chunk-'])));
    await act(() => result.current.recorder.stop());
    await waitFor(() => expect(result.current.preview).not.toBeNull());
    expect(result.current.preview?.fileName).toBe('recording.mp4');
  });
});

import { createFakeBrowser } from '@stream/recorder/testing';
import { uploadMessages } from '@stream/video-api';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { button, recordAndStop, renderRecord, scriptedUploads } from '../../testing/record-page-helpers';

// These tests are about recording and uploading; the countdown before recording (on by default)
// has its own tests (record-setup.test.tsx), so it is switched off here as a person can.
beforeEach(() => {
  window.localStorage.setItem('stream.recorder.settings', JSON.stringify({ countdown: false }));
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('RecordPage', () => {
  it('records, previews, uploads by itself with progress, then says so and offers no Re-upload', async () => {
    const fake = createFakeBrowser();
    const uploads = scriptedUploads();
    await renderRecord(uploads.client, { browser: fake.browser });
    expect(button('Stop Recording').disabled).toBe(true);

    await recordAndStop(fake);

    const video = screen.getByLabelText('Recording preview', { selector: 'video' });
    expect(video.getAttribute('src')).toMatch(/^blob:/);
    await waitFor(() => expect(uploads.calls).toHaveLength(1));
    expect(await uploads.calls[0]!.blob.text()).toBe('recorded-last');

    // While uploading: the message, the progress, and start/stop/download disabled.
    expect(screen.getByText('Uploading video...')).toBeTruthy();
    act(() => uploads.calls[0]!.options.onProgress?.(57));
    expect(screen.getByTestId('upload-progress').textContent).toBe('57%');
    expect(button('Start Recording').disabled).toBe(true);
    expect(button('Stop Recording').disabled).toBe(true);
    expect(button('Download').disabled).toBe(true);

    await act(async () =>
      uploads.calls[0]!.answer({ ok: true, status: 201, message: uploadMessages.success, videoId: 'v1' }),
    );
    expect(screen.getByRole('status').textContent).toBe('Video uploaded successfully!');
    expect(screen.queryByRole('button', { name: 'Re-upload Video' })).toBeNull();
    expect(screen.queryByText('Uploading video...')).toBeNull();
    expect(button('Download').disabled).toBe(false);
    expect(button('Start Recording').disabled).toBe(false);
    expect(screen.getByRole('link', { name: 'Open the video' }).getAttribute('href')).toBe('/video/v1');
    expect(uploads.calls).toHaveLength(1);
  });

  it('on failure shows the message with Dismiss and Re-upload Video, keeps the recording, and re-uploads it', async () => {
    const fake = createFakeBrowser();
    const uploads = scriptedUploads();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderRecord(uploads.client, { browser: fake.browser });
    await recordAndStop(fake);
    await waitFor(() => expect(uploads.calls).toHaveLength(1));

    await act(async () =>
      uploads.calls[0]!.answer({
        ok: false,
        code: 'too-large',
        status: 413,
        message: uploadMessages.tooLarge,
        detail: 'Upload failed with status: 413',
      }),
    );
    expect(screen.getByRole('alert').textContent).toContain('Video file is too large. Please record a shorter video.');
    expect(error).toHaveBeenCalledWith('Upload failed: Upload failed with status: 413');
    expect(screen.getByLabelText('Recording preview', { selector: 'video' })).toBeTruthy();
    expect(button('Download').disabled).toBe(false);

    await userEvent.click(button('Re-upload Video'));
    await waitFor(() => expect(uploads.calls).toHaveLength(2));
    expect(uploads.calls[1]!.blob).toBe(uploads.calls[0]!.blob);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => uploads.calls[1]!.answer({ ok: true, status: 201, message: uploadMessages.success }));
    expect(screen.getByRole('status').textContent).toBe('Video uploaded successfully!');
    expect(screen.queryByRole('button', { name: 'Re-upload Video' })).toBeNull();
    error.mockRestore();
  });

  it('Dismiss removes the error alert', async () => {
    const fake = createFakeBrowser();
    const uploads = scriptedUploads();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderRecord(uploads.client, { browser: fake.browser });
    await recordAndStop(fake);
    await waitFor(() => expect(uploads.calls).toHaveLength(1));
    await act(async () =>
      uploads.calls[0]!.answer({
        ok: false,
        code: 'offline',
        message: uploadMessages.offline,
        detail: 'network error',
      }),
    );
    await userEvent.click(button('Dismiss'));
    expect(screen.queryByText(uploadMessages.offline)).toBeNull();
    expect(button('Re-upload Video')).toBeTruthy();
    vi.restoreAllMocks();
  });
});

import type { RecorderOptions } from '@stream/recorder';
import { createFakeBrowser, FakeSink } from '@stream/recorder/testing';
import { uploadMessages, type UploadClient, type UploadOptions, type UploadResult } from '@stream/video-api';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';

// These tests are about recording and uploading; the countdown before recording (on by default)
// has its own tests (record-setup.test.tsx), so it is switched off here as a person can.
beforeEach(() => {
  window.localStorage.setItem('stream.recorder.settings', JSON.stringify({ countdown: false }));
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** The app at /record, signed in, recording from the fake browser and uploading through `uploads`. */
async function renderRecord(uploads: UploadClient, recorder: RecorderOptions) {
  const app = renderApp('/record', { uploads, recorder });
  await screen.findByRole('heading', { level: 1, name: 'Record' });
  return app;
}

/** An upload client whose answers the test gives, one per call. */
function scriptedUploads() {
  const calls: { blob: Blob; options: UploadOptions; answer: (result: UploadResult) => void }[] = [];
  let uploading = false;
  const client: UploadClient = {
    get isUploading() {
      return uploading;
    },
    upload(blob, options = {}) {
      uploading = true;
      return new Promise<UploadResult>((resolve) => {
        calls.push({
          blob,
          options,
          answer: (result) => {
            uploading = false;
            resolve(result);
          },
        });
      });
    },
  };
  return { client, calls };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

async function recordAndStop(fake: ReturnType<typeof createFakeBrowser>) {
  await userEvent.click(button('Start Recording'));
  await screen.findByTestId('elapsed-time');
  fake.recorders[0]!.emit(new Blob(['recorded-']));
  await userEvent.click(button('Stop Recording'));
  await screen.findByLabelText('Recording preview', { selector: 'video' });
}

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

  it('explains a denied screen share on the page', async () => {
    const fake = createFakeBrowser({ displayError: new DOMException('Permission denied', 'NotAllowedError') });
    await renderRecord(scriptedUploads().client, { browser: fake.browser });
    await userEvent.click(button('Start Recording'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/sharing the screen was cancelled or blocked/);
    expect(button('Start Recording').disabled).toBe(false);
    await userEvent.click(button('Dismiss'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the microphone is not recorded', async () => {
    const fake = createFakeBrowser({ microphoneError: new DOMException('no', 'NotAllowedError') });
    await renderRecord(scriptedUploads().client, { browser: fake.browser });
    await userEvent.click(button('Start Recording'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/microphone is not being recorded/);
  });

  it('revokes the preview URL when a new recording replaces it and when the page goes away', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const fake = createFakeBrowser();
    const uploads = scriptedUploads();
    const { router } = await renderRecord(uploads.client, { browser: fake.browser });
    await recordAndStop(fake);
    const first = screen.getByLabelText('Recording preview', { selector: 'video' }).getAttribute('src');
    expect(revoke).not.toHaveBeenCalledWith(first); // alive while shown, StrictMode's second mount included
    await waitFor(() => expect(uploads.calls).toHaveLength(1));
    await act(async () => uploads.calls[0]!.answer({ ok: true, status: 201, message: uploadMessages.success }));

    await userEvent.click(button('Start Recording'));
    await screen.findByTestId('elapsed-time');
    expect(screen.queryByText('Video uploaded successfully!')).toBeNull();
    await userEvent.click(button('Stop Recording'));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith(first));
    const second = screen.getByLabelText('Recording preview', { selector: 'video' }).getAttribute('src');
    expect(second).not.toBe(first);
    await act(() => router.navigate({ to: '/settings' }));
    expect(revoke).toHaveBeenCalledWith(second);
    revoke.mockRestore();
  });

  it('says when an optional sink of the recorder fails, goes on recording, and uploads the whole recording', async () => {
    const fake = createFakeBrowser();
    const uploads = scriptedUploads();
    const upload = new FakeSink({ manual: true });
    await renderRecord(uploads.client, { browser: fake.browser, sinks: () => [{ name: 'upload', sink: upload }] });
    await userEvent.click(button('Start Recording'));
    await screen.findByTestId('elapsed-time');
    await act(async () => {
      fake.recorders[0]!.emit(new Blob(['before-']));
      await upload.failWrite(new Error('network down'));
    });

    expect(screen.getByRole('alert').textContent).toBe(
      'The upload stopped (network down). The recording itself goes on and is kept here.',
    );
    expect(button('Stop Recording').disabled).toBe(false);
    fake.recorders[0]!.emit(new Blob(['after-']));
    await userEvent.click(button('Stop Recording'));
    await screen.findByLabelText('Recording preview', { selector: 'video' });
    await waitFor(() => expect(uploads.calls).toHaveLength(1));
    expect(await uploads.calls[0]!.blob.text()).toBe('before-after-last');
  });

  it('a required sink that fails stops the recording with its message and uploads what was recorded', async () => {
    const fake = createFakeBrowser();
    const uploads = scriptedUploads();
    const spool = new FakeSink({ manual: true });
    await renderRecord(uploads.client, {
      browser: fake.browser,
      sinks: () => [{ name: 'local copy', sink: spool, required: true }],
    });
    await userEvent.click(button('Start Recording'));
    await screen.findByTestId('elapsed-time');
    await act(async () => {
      fake.recorders[0]!.emit(new Blob(['kept-']));
      await spool.failWrite(new Error('quota exceeded'));
    });

    await screen.findByLabelText('Recording preview', { selector: 'video' });
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'The recording stopped because its local copy failed (quota exceeded). Whatever was recorded before it is kept.',
    ]);
    await waitFor(() => expect(uploads.calls).toHaveLength(1));
    expect(await uploads.calls[0]!.blob.text()).toBe('kept-last');
  });
});

import { createFakeBrowser, FakeSink } from '@stream/recorder/testing';
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

describe('RecordPage: the recorder around the upload', () => {
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

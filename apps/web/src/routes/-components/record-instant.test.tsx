// /record on the instant path, with the fake browser's recorder and a scripted instant
// path: the link the moment Stop is pressed and no whole-file upload, the offline message, the
// whole file after all when the instant upload failed.
import { createFakeBrowser } from '@stream/recorder/testing';
import { composeRecordingUploads, instantMessages } from '@stream/recording-uploads';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { button, record, scriptedInstant, wholeFileUploads } from '../../testing/record-instant-helpers';
import { RecordPage } from './record-page';

beforeEach(() => {
  window.localStorage.setItem('stream.recorder.settings', JSON.stringify({ countdown: false }));
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('RecordPage on the instant path', () => {
  it('shows the link with Copy the moment Stop is pressed, and uploads no whole file', async () => {
    const fake = createFakeBrowser();
    const uploads = wholeFileUploads();
    const scripted = scriptedInstant();
    render(
      <RecordPage
        recordings={composeRecordingUploads({ wholeFile: uploads.client, instant: scripted.instant })}
        recorderOptions={{ browser: fake.browser }}
      />,
    );
    await record(fake);
    expect(screen.queryByRole('textbox', { name: 'Link to your video' })).toBeNull();
    act(() => scripted.set({ offline: true }));
    expect(screen.getByText(instantMessages.offline)).toBeTruthy();
    act(() => scripted.set({ offline: false }));

    await userEvent.click(button('Stop Recording'));
    const field = (await screen.findByRole('textbox', { name: 'Link to your video' })) as HTMLInputElement;
    expect(field.value).toBe('https://stream.example/s/tok');
    // At Stop the link is on the clipboard (user-event's stand-in here), and focus waits on Copy.
    const copy = (await screen.findByRole('button', { name: 'Copied' })) as HTMLButtonElement;
    expect(copy.disabled).toBe(false);
    expect(document.activeElement).toBe(copy);
    expect(await navigator.clipboard.readText()).toBe('https://stream.example/s/tok');
    scripted.finish('finished');
    // docs/product.md, Messages: the spec's success message on this path too, beside the link.
    const success = await screen.findByText('Video uploaded successfully!');
    expect(success.closest('[role="status"]')?.textContent).toBe('Video uploaded successfully!');
    expect((screen.getByRole('textbox', { name: 'Link to your video' }) as HTMLInputElement).value).toBe(
      'https://stream.example/s/tok',
    );
    expect(screen.queryByText('Uploading while you record...')).toBeNull();
    expect(uploads.upload).not.toHaveBeenCalled();
  });

  it('says where to share from when the link could not be made', async () => {
    const fake = createFakeBrowser();
    const scripted = scriptedInstant();
    render(
      <RecordPage
        recordings={composeRecordingUploads({ wholeFile: wholeFileUploads().client, instant: scripted.instant })}
        recorderOptions={{ browser: fake.browser }}
      />,
    );
    await record(fake);
    act(() => scripted.set({ link: undefined, linkFailed: true }));
    await userEvent.click(button('Stop Recording'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/The link could not be made/);
    expect(button('Copy').disabled).toBe(true);
  });

  it('uploads the whole file after all when the instant upload failed', async () => {
    const fake = createFakeBrowser();
    const uploads = wholeFileUploads();
    const scripted = scriptedInstant();
    render(
      <RecordPage
        recordings={composeRecordingUploads({ wholeFile: uploads.client, instant: scripted.instant })}
        recorderOptions={{ browser: fake.browser }}
      />,
    );
    await record(fake);
    await userEvent.click(button('Stop Recording'));
    await screen.findByLabelText('Recording preview', { selector: 'video' });
    expect(uploads.upload).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Link to your video' })).toBeTruthy();
    scripted.finish('failed');
    await waitFor(() => expect(uploads.upload).toHaveBeenCalledOnce());
    expect(scripted.instant.fallBack).toHaveBeenCalledOnce();
    // The failed upload's link would lead to no video: the whole file's own link shows instead.
    expect(screen.queryByRole('textbox', { name: 'Link to your video' })).toBeNull();
    await waitFor(() => expect(scripted.instant.wholeFileUploaded).toHaveBeenCalledOnce());
  });

  it('lets the local copy go when a Re-upload gets the whole file in after the fallback failed', async () => {
    const fake = createFakeBrowser();
    const uploads = wholeFileUploads();
    uploads.upload.mockResolvedValueOnce({
      ok: false,
      status: 0,
      code: 'offline',
      message: 'offline',
      detail: 'offline',
    });
    const scripted = scriptedInstant();
    render(
      <RecordPage
        recordings={composeRecordingUploads({ wholeFile: uploads.client, instant: scripted.instant })}
        recorderOptions={{ browser: fake.browser }}
      />,
    );
    await record(fake);
    await userEvent.click(button('Stop Recording'));
    await screen.findByLabelText('Recording preview', { selector: 'video' });
    scripted.finish('failed');
    await userEvent.click(await screen.findByRole('button', { name: 'Re-upload Video' }));
    await waitFor(() => expect(uploads.upload).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(scripted.instant.wholeFileUploaded).toHaveBeenCalledOnce());
  });
});

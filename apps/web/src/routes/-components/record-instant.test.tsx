// /record on the instant path (issue 13), with the fake browser's recorder and a scripted instant
// path: the link the moment Stop is pressed and no whole-file upload, the offline message, the
// whole file after all when the instant upload failed, and the unfinished recordings' actions.
import { createFakeBrowser, FakeSink } from '@stream/recorder/testing';
import {
  composeRecordingUploads,
  instantMessages,
  type InstantRecording,
  type InstantState,
  type SpooledRecording,
} from '@stream/recording-uploads';
import type { UploadClient, UploadResult } from '@stream/video-api';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordPage } from './record-page';

beforeEach(() => {
  window.localStorage.setItem('stream.recorder.settings', JSON.stringify({ countdown: false }));
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.restoreAllMocks();
});

const idle: InstantState = {
  active: false,
  recordedBytes: 0,
  uploadedBytes: 0,
  upload: 'uploading',
  linkFailed: false,
  offline: false,
  lowSpace: false,
  noLocalCopy: false,
};

function scriptedInstant(unfinished: SpooledRecording[] = []) {
  let state = idle;
  const listeners = new Set<(state: InstantState) => void>();
  let finish!: (upload: InstantState['upload']) => void;
  const set = (changes: Partial<InstantState>) => {
    state = { ...state, ...changes };
    for (const listener of [...listeners]) listener(state);
  };
  const instant: InstantRecording = {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connectivity: (reachable) => set({ offline: reachable === 'offline' }),
    sinks: () => {
      set({ ...idle, active: true, videoId: 'v-1', link: 'https://stream.example/s/tok' });
      return [{ name: 'upload', sink: new FakeSink() }];
    },
    settled: () =>
      new Promise((resolve) => {
        finish = (upload) => {
          set({ upload, active: false });
          resolve(state);
        };
      }),
    fallBack: vi.fn(async (uploadWhole: () => Promise<boolean>) => {
      state = idle;
      for (const listener of [...listeners]) listener(state);
      await uploadWhole();
    }),
    unfinished: vi.fn(async () => unfinished),
    resume: vi.fn(async () => ({ videoId: 'v-old' })),
    download: vi.fn(async () => new Blob(['x'])),
    discard: vi.fn(async () => undefined),
    wholeFileUploaded: vi.fn(async () => undefined),
  };
  return { instant, set, finish: (upload: InstantState['upload']) => act(() => finish(upload)) };
}

function wholeFileUploads() {
  const upload = vi.fn(async (): Promise<UploadResult> => ({
    ok: true,
    status: 201,
    message: 'Video uploaded successfully!',
  }));
  const client: UploadClient = { isUploading: false, upload };
  return { client, upload };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

async function record(fake: ReturnType<typeof createFakeBrowser>) {
  await userEvent.click(button('Start Recording'));
  await screen.findByTestId('elapsed-time');
  fake.recorders[0]!.emit(new Blob(['chunk']));
}

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
    expect(button('Copy').disabled).toBe(false);
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

  it('lists unfinished recordings and resumes, downloads or discards them', async () => {
    const startedAt = Date.UTC(2026, 10, 23, 12);
    const scripted = scriptedInstant([
      {
        id: 'r1',
        mimeType: 'video/webm',
        startedAt,
        size: 2 * 1024 * 1024,
        durationMs: 42_000,
        uploadedBytes: 1000,
        stopped: false,
        uploaded: false,
        upload: { url: 'http://x/api/uploads/v-old', videoId: 'v-old' },
      },
    ]);
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    render(
      <RecordPage
        recordings={composeRecordingUploads({ wholeFile: wholeFileUploads().client, instant: scripted.instant })}
        recorderOptions={{ browser: createFakeBrowser().browser }}
        renderVideoLink={(id) => <a href={`/video/${id}`}>Open the video</a>}
      />,
    );
    const list = await screen.findByRole('region', { name: 'Unfinished recordings' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('0:42');
    await userEvent.click(within(item).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(scripted.instant.download).toHaveBeenCalledWith('r1');
    await userEvent.click(within(item).getByRole('button', { name: 'Resume upload' }));
    expect((await screen.findByRole('link', { name: 'Open the video' })).getAttribute('href')).toBe('/video/v-old');
    await userEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(scripted.instant.discard).toHaveBeenCalledWith('r1'));
  });
});

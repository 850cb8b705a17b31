// What the RecordPage tests on the instant path share: a scripted instant path (the state the test
// sets, Unfinished recordings it gives), a whole-file client that succeeds, and recording a chunk.
import { FakeSink, type createFakeBrowser } from '@stream/recorder/testing';
import type { InstantRecording, InstantState, SpooledRecording } from '@stream/recording-uploads';
import type { UploadClient, UploadResult } from '@stream/video-api';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

const idle: InstantState = {
  active: false,
  recordedBytes: 0,
  uploadedBytes: 0,
  upload: 'uploading',
  linkFailed: false,
  offline: false,
  lowSpace: false,
  noLocalCopy: false,
  quotaExceeded: false,
};

export function scriptedInstant(unfinished: SpooledRecording[] = []) {
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

export function wholeFileUploads() {
  const upload = vi.fn(async (): Promise<UploadResult> => ({
    ok: true,
    status: 201,
    message: 'Video uploaded successfully!',
  }));
  const client: UploadClient = { isUploading: false, upload };
  return { client, upload };
}

export const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

export async function record(fake: ReturnType<typeof createFakeBrowser>) {
  await userEvent.click(button('Start Recording'));
  await screen.findByTestId('elapsed-time');
  fake.recorders[0]!.emit(new Blob(['chunk']));
}

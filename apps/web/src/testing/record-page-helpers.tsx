// What the RecordPage tests share: the app at /record over the fake browser, and an upload
// client whose answers the test gives.
import type { RecorderOptions } from '@stream/recorder';
import type { createFakeBrowser } from '@stream/recorder/testing';
import type { UploadClient, UploadOptions, UploadResult } from '@stream/video-api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './render-app';

/** The app at /record, signed in, recording from the fake browser and uploading through `uploads`. */
export async function renderRecord(uploads: UploadClient, recorder: RecorderOptions) {
  const app = renderApp('/record', { uploads, recorder });
  await screen.findByRole('heading', { level: 1, name: 'Record' });
  return app;
}

/** An upload client whose answers the test gives, one per call. */
export function scriptedUploads() {
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

export const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

export async function recordAndStop(fake: ReturnType<typeof createFakeBrowser>) {
  await userEvent.click(button('Start Recording'));
  await screen.findByTestId('elapsed-time');
  fake.recorders[0]!.emit(new Blob(['recorded-']));
  await userEvent.click(button('Stop Recording'));
  await screen.findByLabelText('Recording preview', { selector: 'video' });
}

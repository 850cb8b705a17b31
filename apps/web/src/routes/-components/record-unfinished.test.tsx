// /record's unfinished recordings with a scripted instant path: listed, resumed,
// downloaded and discarded.
import { createFakeBrowser } from '@stream/recorder/testing';
import { composeRecordingUploads } from '@stream/recording-uploads';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptedInstant, wholeFileUploads } from '../../testing/record-instant-helpers';
import { RecordPage } from './record-page';

beforeEach(() => {
  window.localStorage.setItem('stream.recorder.settings', JSON.stringify({ countdown: false }));
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('RecordPage: unfinished recordings', () => {
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
    await userEvent.click(screen.getByRole('button', { name: 'Discard recording' })); // it asks first
    await waitFor(() => expect(scripted.instant.discard).toHaveBeenCalledWith('r1'));
  });
});

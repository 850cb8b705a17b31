import { describe, expect, it } from 'vitest';
import type { InstantState } from './instant/instant-recording.ts';
import { instantMessages } from './messages.ts';
import { uploadViewOf } from './upload-view.ts';

const instant = (over: Partial<InstantState> = {}): InstantState => ({
  active: true,
  linkFailed: false,
  recordedBytes: 0,
  uploadedBytes: 0,
  upload: 'uploading',
  offline: false,
  lowSpace: false,
  noLocalCopy: false,
  quotaExceeded: false,
  ...over,
});

describe('uploadViewOf', () => {
  it('says nothing while idle or before the instant upload exists', () => {
    expect(uploadViewOf({ status: 'idle' }, false)).toEqual({ notices: [] });
    expect(uploadViewOf({ status: 'recording' }, false)).toEqual({ notices: [] });
    expect(uploadViewOf({ status: 'recording', instant: instant({ active: false }) }, false)).toEqual({ notices: [] });
  });

  it("while recording: the instant path's warnings and progress, the link kept back until Stop", () => {
    const state = {
      status: 'recording',
      instant: instant({ videoId: 'v1', link: 'http://x/s/t', offline: true, lowSpace: true, noLocalCopy: true }),
    } as const;
    const during = uploadViewOf(
      { ...state, instant: { ...state.instant, recordedBytes: 300, uploadedBytes: 100 } },
      false,
    );
    expect(during).toEqual({
      notices: [instantMessages.offline, instantMessages.lowSpace, instantMessages.noLocalCopy],
      progress: { label: instantMessages.uploading, percent: 33 },
    });
    expect(uploadViewOf(state, true).link).toEqual({
      link: 'http://x/s/t',
      failed: false,
      videoId: 'v1',
      visibility: undefined,
    });
  });

  it('says, while recording, that the storage quota stopped the upload and the local copy is kept', () => {
    const state = {
      status: 'recording',
      instant: instant({ videoId: 'v1', upload: 'failed', quotaExceeded: true, recordedBytes: 10, uploadedBytes: 4 }),
    } as const;
    expect(uploadViewOf(state, false)).toEqual({
      notices: [instantMessages.quotaExceeded],
      progress: { label: instantMessages.stopped, percent: 40 },
    });
  });

  it('no offline warning once the upload finished or failed; a failed one says it stopped', () => {
    const failed = instant({ videoId: 'v1', offline: true, upload: 'failed', recordedBytes: 10, uploadedBytes: 20 });
    expect(uploadViewOf({ status: 'finishing', path: 'instant', progress: 0, instant: failed }, true)).toMatchObject({
      notices: [],
      progress: { label: instantMessages.stopped, percent: 100 },
    });
  });

  it('once uploaded: the success with the video, and the link unless the whole file went after Stop', () => {
    const uploaded = {
      status: 'uploaded',
      message: 'Video uploaded successfully!',
      videoId: 'v2',
      linkFailed: false,
    } as const;
    expect(uploadViewOf({ ...uploaded, path: 'whole-file' }, true)).toEqual({
      notices: [],
      uploaded: { message: 'Video uploaded successfully!', videoId: 'v2' },
    });
    expect(
      uploadViewOf({ ...uploaded, path: 'resumed', link: 'http://x/s/u', visibility: 'public' }, false).link,
    ).toEqual({
      link: 'http://x/s/u',
      failed: false,
      videoId: 'v2',
      visibility: 'public',
    });
  });
});

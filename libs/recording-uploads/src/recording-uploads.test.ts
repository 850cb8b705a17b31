// @vitest-environment node
// The one object of a page's recordings, with real parts around it: the instant path's resumable
// client against @stream/video-api/testing's fake tus server (real HTTP) and the OPFS spool over
// ./testing's fake file system; the whole-file upload is a client whose answers the test gives.
import type { ChunkSink } from '@stream/recorder';
import { instantMessages } from './messages.ts';
import { createResumableClient, uploadMessages, type UploadClient, type UploadResult } from '@stream/video-api';
import { startFakeTusServer, type FakeTusServer } from '@stream/video-api/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInstantRecording } from './instant/instant-recording.ts';
import { composeRecordingUploads, type RecordingUploads, type RecordingUploadState } from './recording-uploads.ts';
import { createOpfsSpoolStore } from './spool/opfs-spool.ts';
import { FakeOpfs } from './testing/fake-opfs.ts';
import { tooLarge } from './testing/upload-results.ts';

let server: FakeTusServer;
let fs: FakeOpfs;
beforeEach(async () => {
  server = await startFakeTusServer();
  fs = new FakeOpfs();
});
afterEach(() => server.close());

/** A whole-file client whose answers the test gives, one per call. */
function scriptedWholeFile() {
  const calls: { blob: Blob; progress(percent: number): void; answer(result: UploadResult): void }[] = [];
  let uploading = false;
  const client: UploadClient = {
    get isUploading() {
      return uploading;
    },
    upload(blob, options = {}) {
      uploading = true;
      return new Promise<UploadResult>((resolve) =>
        calls.push({
          blob,
          progress: (percent) => options.onProgress?.(percent),
          answer: (result) => {
            uploading = false;
            resolve(result);
          },
        }),
      );
    },
  };
  return { client, calls };
}

const success = (videoId: string): UploadResult => ({
  ok: true,
  status: 201,
  message: uploadMessages.success,
  videoId,
});
function instantPath() {
  return createInstantRecording({
    client: createResumableClient({ baseUrl: server.url, getToken: () => 'alice', backoff: { minMs: 5, maxMs: 20 } }),
    share: async (videoId) => ({ url: `https://stream.example/s/token-of-${videoId}`, visibility: 'shared' }),
    isReady: async () => false,
    spools: Promise.resolve(createOpfsSpoolStore(fs.root)),
    storage: { estimate: async () => ({ quota: 10 * 1024 ** 3, usage: 0 }) },
  });
}

function statesOf(uploads: RecordingUploads) {
  const seen: RecordingUploadState[] = [];
  uploads.subscribe((state) => seen.push(state));
  return seen;
}

/** A recording made on the instant path: its sink, once `text` is written and on the server. */
async function recordInstantly(uploads: RecordingUploads, text: string) {
  const [spec] = uploads.sinks({ mimeType: 'video/webm' });
  const sink = spec!.sink as ChunkSink;
  await sink.write(new Blob([text]));
  return sink;
}

describe('composeRecordingUploads, the whole file after Stop', () => {
  it('uploads a finished recording once, with its progress, and says so with the video', async () => {
    const wholeFile = scriptedWholeFile();
    const uploads = composeRecordingUploads({ wholeFile: wholeFile.client });
    const seen = statesOf(uploads);
    expect(uploads.sinks({ mimeType: 'video/webm' })).toEqual([]);
    expect(uploads.state).toEqual({ status: 'recording' });

    const recording = new Blob(['whole']);
    const finished = uploads.finish(recording);
    void uploads.finish(recording); // the page's effect may run twice: one upload
    expect(wholeFile.calls).toHaveLength(1);
    wholeFile.calls[0]!.progress(40);
    expect(uploads.state).toEqual({ status: 'finishing', path: 'whole-file', progress: 40 });
    wholeFile.calls[0]!.answer(success('v1'));
    await finished;
    expect(uploads.state).toEqual({
      status: 'uploaded',
      path: 'whole-file',
      message: 'Video uploaded successfully!',
      videoId: 'v1',
      linkFailed: false,
    });
    expect(seen.map((state) => state.status)).toEqual(['recording', 'finishing', 'finishing', 'uploaded']);
    expect(wholeFile.calls).toHaveLength(1);
  });

  it('a failure is recoverable with its reason, logged, and retry() sends the same recording again', async () => {
    const wholeFile = scriptedWholeFile();
    const log = vi.fn();
    const uploads = composeRecordingUploads({ wholeFile: wholeFile.client, log });
    const recording = new Blob(['whole']);
    const first = uploads.finish(recording);
    wholeFile.calls[0]!.answer(tooLarge);
    await first;
    expect(uploads.state).toEqual({
      status: 'recoverable',
      reason: 'Video file is too large. Please record a shorter video.',
      code: 'too-large',
    });
    expect(log).toHaveBeenCalledWith('Upload failed: Upload failed with status: 413');

    const again = uploads.retry();
    expect(wholeFile.calls[1]!.blob).toBe(recording);
    wholeFile.calls[1]!.answer(success('v2'));
    await again;
    expect(uploads.state).toMatchObject({ status: 'uploaded', videoId: 'v2' });
  });

  it('starts no second upload while one runs (one upload at a time) and keeps the state it had', async () => {
    const wholeFile = scriptedWholeFile();
    const uploads = composeRecordingUploads({ wholeFile: wholeFile.client });
    void uploads.finish(new Blob(['first']));
    const busy = composeRecordingUploads({ wholeFile: wholeFile.client }); // a second page, the same client
    busy.sinks({ mimeType: 'video/webm' });
    await busy.finish(new Blob(['second']));
    expect(wholeFile.calls).toHaveLength(1);
    expect(busy.state).toEqual({ status: 'recording' });
  });

  it('has no unfinished recordings without a local copy, and says so when asked to resume one', async () => {
    const uploads = composeRecordingUploads({ wholeFile: scriptedWholeFile().client });
    expect(uploads.instant).toBe(false);
    expect(await uploads.unfinished()).toEqual([]);
    await expect(uploads.resume('r1')).rejects.toThrow('keeps no local copy');
  });
});

describe('composeRecordingUploads, the instant path', () => {
  it("ends 'uploaded' with 'Video uploaded successfully!' and the link, and uploads no whole file", async () => {
    const wholeFile = scriptedWholeFile();
    const uploads = composeRecordingUploads({ wholeFile: wholeFile.client, instant: instantPath() });
    expect(uploads.instant).toBe(true);
    const sink = await recordInstantly(uploads, 'instant bytes');
    await vi.waitFor(() =>
      expect(uploads.state).toMatchObject({ status: 'recording', instant: { uploadedBytes: 13, active: true } }),
    );
    const videoId = (uploads.state as { instant: { videoId: string } }).instant.videoId;

    await sink.close();
    await uploads.finish(new Blob(['instant bytes']));
    await vi.waitFor(() =>
      expect(uploads.state).toEqual({
        status: 'uploaded',
        path: 'instant',
        message: 'Video uploaded successfully!',
        videoId,
        link: `https://stream.example/s/token-of-${videoId}`,
        visibility: 'shared',
        linkFailed: false,
      }),
    );
    expect(server.uploads.get(videoId)).toMatchObject({ length: 13 });
    expect(wholeFile.calls).toEqual([]);
  });

  it('falls back to the whole file when the instant upload failed: its video goes, the whole file is the video', async () => {
    const wholeFile = scriptedWholeFile();
    const uploads = composeRecordingUploads({ wholeFile: wholeFile.client, instant: instantPath() });
    server.failPatches(1, { kind: 'status', status: 413 });
    const sink = await recordInstantly(uploads, 'refused');
    await vi.waitFor(() => expect(uploads.state).toMatchObject({ instant: { upload: 'failed' } }));
    const failedId = (uploads.state as { instant: { videoId: string } }).instant.videoId;
    await sink.close();

    const recording = new Blob(['refused']);
    const finished = uploads.finish(recording);
    await vi.waitFor(() => expect(wholeFile.calls).toHaveLength(1));
    expect(wholeFile.calls[0]!.blob).toBe(recording);
    expect(server.uploads.has(failedId)).toBe(false);
    expect(uploads.state).toEqual({ status: 'finishing', path: 'whole-file', progress: 0 });
    wholeFile.calls[0]!.answer(success('whole'));
    await finished;
    expect(uploads.state).toMatchObject({ status: 'uploaded', path: 'whole-file', videoId: 'whole' });
    expect(await uploads.unfinished()).toEqual([]); // the local copy went with the whole file in
  });

  it('stops cleanly when the storage quota is full: says so, sends no whole file, keeps the local copy to download', async () => {
    const wholeFile = scriptedWholeFile();
    const uploads = composeRecordingUploads({ wholeFile: wholeFile.client, instant: instantPath() });
    server.failPatches(1, { kind: 'status', status: 413, headers: { 'stream-refusal': 'quota_exceeded' } });
    const sink = await recordInstantly(uploads, 'over quota');
    await vi.waitFor(() => expect(uploads.state).toMatchObject({ instant: { upload: 'failed', quotaExceeded: true } }));
    const videoId = (uploads.state as { instant: { videoId: string } }).instant.videoId;
    await sink.close();

    await uploads.finish(new Blob(['over quota']));
    expect(uploads.state).toEqual({
      status: 'recoverable',
      reason: instantMessages.quotaExceeded,
      code: 'quota-exceeded',
    });
    expect(instantMessages.quotaExceeded).toMatch(/storage quota is full.*kept on this computer/);
    expect(wholeFile.calls).toEqual([]);
    // Not a retry loop: the one refused PATCH, nothing after it.
    expect(server.requests.filter((line) => line.startsWith('PATCH'))).toHaveLength(1);
    const [kept] = await uploads.unfinished();
    expect(kept?.upload?.videoId).toBe(videoId);
    expect(await (await uploads.download(kept!.id)).text()).toBe('over quota');
  });

  it('a recording given up before its first chunk leaves the state idle', async () => {
    const uploads = composeRecordingUploads({ wholeFile: scriptedWholeFile().client, instant: instantPath() });
    const [spec] = uploads.sinks({ mimeType: 'video/webm' });
    await (spec!.sink as ChunkSink).close();
    await vi.waitFor(() => expect(uploads.state).toEqual({ status: 'idle' }));
  });

  it("Resume upload of an unfinished recording ends 'uploaded' with the same video and its link", async () => {
    const before = composeRecordingUploads({ wholeFile: scriptedWholeFile().client, instant: instantPath() });
    await recordInstantly(before, 'left behind');
    await vi.waitFor(() => expect(before.state).toMatchObject({ instant: { uploadedBytes: 11 } }));
    const videoId = (before.state as { instant: { videoId: string } }).instant.videoId;

    const after = composeRecordingUploads({ wholeFile: scriptedWholeFile().client, instant: instantPath() });
    const [left] = await after.unfinished();
    expect(await after.resume(left!.id)).toEqual({
      videoId,
      link: `https://stream.example/s/token-of-${videoId}`,
      visibility: 'shared',
    });
    expect(after.state).toEqual({
      status: 'uploaded',
      path: 'resumed',
      message: 'Video uploaded successfully!',
      videoId,
      link: `https://stream.example/s/token-of-${videoId}`,
      visibility: 'shared',
      linkFailed: false,
    });
    expect(server.uploads.get(videoId)).toMatchObject({ length: 11 });
  });
});

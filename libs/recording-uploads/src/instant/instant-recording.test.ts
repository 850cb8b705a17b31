// @vitest-environment node
// The instant path with real parts around it: the resumable client against the fake tus server of
// @stream/video-api/testing (real HTTP), the OPFS spool over this lib's fake file system
// (./testing). A recording uploads as it is written and keeps its link; a page reloaded mid-recording
// finds it, resumes the same upload, downloads or discards it.
import type { ChunkSink } from '@stream/recorder';
import { createOpfsSpoolStore } from '../spool/opfs-spool.ts';
import type { SpoolStore } from '../spool/spool.ts';
import { FakeOpfs } from '../testing/fake-opfs.ts';
import { createResumableClient } from '@stream/video-api';
import { startFakeTusServer, type FakeTusServer } from '@stream/video-api/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInstantRecording, type InstantRecording, type InstantRecordingDeps } from './instant-recording.ts';

let server: FakeTusServer;
let fs: FakeOpfs;
beforeEach(async () => {
  server = await startFakeTusServer();
  fs = new FakeOpfs();
});
afterEach(() => server.close());

const ready = new Set<string>();

function instantPage(overrides: Partial<InstantRecordingDeps> = {}) {
  const spools: SpoolStore = createOpfsSpoolStore(fs.root);
  return createInstantRecording({
    client: createResumableClient({ baseUrl: server.url, getToken: () => 'alice', backoff: { minMs: 5, maxMs: 20 } }),
    share: async (videoId) => ({ url: `https://stream.example/s/token-of-${videoId}`, visibility: 'shared' }),
    isReady: async (videoId) => ready.has(videoId),
    spools: Promise.resolve(spools),
    storage: { estimate: async () => ({ quota: 10 * 1024 ** 3, usage: 0 }) },
    readyPollMs: 10,
    ...overrides,
  });
}

const chunk = (text: string) => new Blob([text]);

/** A recording started on `page`: its upload sink, once each of `texts` is written and on the server. */
async function recordingOn(page: InstantRecording, ...texts: string[]): Promise<ChunkSink> {
  const [spec] = page.sinks({ mimeType: 'video/webm' });
  const sink = spec!.sink as ChunkSink; // the upload sink, not a WritableStream
  for (const text of texts) await sink.write(chunk(text));
  const bytes = texts.join('').length;
  if (bytes > 0) await vi.waitFor(() => expect(page.state.uploadedBytes).toBe(bytes));
  return sink;
}

describe('instant recording', () => {
  it('uploads while recording, has the link at once, and drops the local copy once READY', async () => {
    const instant = instantPage();
    const sink = await recordingOn(instant, 'webm-', 'bytes');
    await vi.waitFor(() => expect(instant.state.link).toBeDefined());
    const videoId = instant.state.videoId!;
    expect(instant.state.link).toBe(`https://stream.example/s/token-of-${videoId}`);
    await vi.waitFor(() => expect(server.uploads.get(videoId)!.bytes.toString()).toBe('webm-bytes'));
    expect(server.uploads.get(videoId)!.length).toBeUndefined(); // not finished before Stop

    await sink.close();
    const settled = await instant.settled();
    expect(settled).toMatchObject({ upload: 'finished', uploadedBytes: 10, active: false });
    expect(server.uploads.get(videoId)!.length).toBe(10);
    expect(await createOpfsSpoolStore(fs.root).list()).toHaveLength(1); // kept until READY
    ready.add(videoId);
    await vi.waitFor(async () => expect(await createOpfsSpoolStore(fs.root).list()).toEqual([]));
  });

  it('after a reload mid-recording: lists it, and Resume upload finishes the same video', async () => {
    const before = instantPage();
    const sink = await recordingOn(before, 'first part ');
    server.setDown(true); // the network drops; the tab is then closed
    await sink.write(chunk('second part'));
    const videoId = before.state.videoId!;

    server.setDown(false);
    const after = instantPage();
    const unfinished = await after.unfinished();
    expect(unfinished).toHaveLength(1);
    expect(unfinished[0]).toMatchObject({ size: 22, stopped: false, upload: { videoId } });
    expect(await (await after.download(unfinished[0]!.id)).text()).toBe('first part second part');

    const resumed = await after.resume(unfinished[0]!.id);
    expect(resumed).toEqual({ videoId, link: `https://stream.example/s/token-of-${videoId}`, visibility: 'shared' });
    expect(server.uploads.size).toBe(1);
    expect(server.uploads.get(videoId)).toMatchObject({ length: 22 });
    expect(server.uploads.get(videoId)!.bytes.toString()).toBe('first part second part');
    // Uploaded, so no longer unfinished, though its copy waits for READY.
    expect(await after.unfinished()).toEqual([]);
    expect(await createOpfsSpoolStore(fs.root).list()).toHaveLength(1);
  });

  it('Resume upload starts a new video when the server lost the first; Discard removes copy and upload', async () => {
    const before = instantPage();
    await recordingOn(before, 'abc');
    const lost = before.state.videoId!;
    server.uploads.clear();

    const after = instantPage();
    const [item] = await after.unfinished();
    const resumed = await after.resume(item!.id);
    expect(resumed.videoId).not.toBe(lost);
    expect(server.uploads.get(resumed.videoId)!.bytes.toString()).toBe('abc');

    const other = instantPage();
    await recordingOn(other, 'xyz');
    const discarded = other.state.videoId!;
    const reloaded = instantPage();
    const listed = await reloaded.unfinished();
    const target = listed.find((recording) => recording.upload?.videoId === discarded)!;
    await reloaded.discard(target.id);
    expect(server.uploads.has(discarded)).toBe(false);
    expect((await reloaded.unfinished()).map((recording) => recording.id)).not.toContain(target.id);
  });

  it('a recording stopped before any bytes leaves no upload, no unfinished recording and nothing to show', async () => {
    const instant = instantPage();
    const sink = await recordingOn(instant);
    await vi.waitFor(() => expect(instant.state.videoId).toBeDefined());
    const videoId = instant.state.videoId!;
    await sink.close();
    await vi.waitFor(() => expect(instant.state).toMatchObject({ active: false, recordedBytes: 0 }));
    expect(instant.state.videoId).toBeUndefined();
    expect(server.uploads.has(videoId)).toBe(false);
    expect(await instantPage().unfinished()).toEqual([]);
  });

  it('a recording given up during the countdown leaves no upload and no unfinished recording', async () => {
    const instant = instantPage();
    const sink = await recordingOn(instant);
    await vi.waitFor(() => expect(instant.state.videoId).toBeDefined());
    const videoId = instant.state.videoId!;
    await sink.abort(new Error('discarded'));
    await vi.waitFor(() => expect(instant.state.active).toBe(false));
    await vi.waitFor(() => expect(server.uploads.has(videoId)).toBe(false));
    await vi.waitFor(async () => expect(await instantPage().unfinished()).toEqual([]));
  });

  it('asks for the link again when minting it failed', async () => {
    let refusals = 2;
    const instant = instantPage({
      linkRetryMs: 5,
      share: async (videoId) => {
        if (refusals-- > 0) throw new Error('unavailable');
        return { url: `https://stream.example/s/token-of-${videoId}`, visibility: 'shared' };
      },
    });
    instant.sinks({ mimeType: 'video/webm' });
    await vi.waitFor(() =>
      expect(instant.state.link).toBe(`https://stream.example/s/token-of-${instant.state.videoId}`),
    );
    expect(refusals).toBe(-1);
    expect(instant.state.linkFailed).toBe(false);
  });

  it('says so once every try to mint the link failed', async () => {
    let tries = 0;
    const instant = instantPage({
      linkRetryMs: 1,
      share: async () => {
        tries++;
        throw new Error('unavailable');
      },
    });
    instant.sinks({ mimeType: 'video/webm' });
    await vi.waitFor(() => expect(instant.state.linkFailed).toBe(true), { timeout: 5_000 });
    expect(tries).toBe(9);
    expect(instant.state.link).toBeUndefined();
  });

  it("a new recording starts without the last one's video and link", async () => {
    const instant = instantPage();
    const first = await recordingOn(instant, 'one');
    await vi.waitFor(() => expect(instant.state.link).toBeDefined());
    await first.close();
    await instant.settled();

    instant.sinks({ mimeType: 'video/webm' });
    expect(instant.state).toMatchObject({ active: true, recordedBytes: 0, uploadedBytes: 0 });
    expect(instant.state.videoId).toBeUndefined();
    expect(instant.state.link).toBeUndefined();
  });

  it('falls back to the whole file: the failed upload goes, the local copy stays until the whole file is in', async () => {
    const instant = instantPage();
    await recordingOn(instant, 'half a recording');
    const videoId = instant.state.videoId!;

    let listedMeanwhile: unknown[] = [];
    await instant.fallBack(async () => {
      expect(instant.state).toMatchObject({ active: false, recordedBytes: 0 });
      expect(instant.state.videoId).toBeUndefined();
      expect(server.uploads.has(videoId)).toBe(false);
      listedMeanwhile = await instant.unfinished();
      return false; // the whole file did not get through either
    });
    expect(listedMeanwhile).toEqual([]);
    const [kept] = await instant.unfinished();
    expect(await (await instant.download(kept!.id)).text()).toBe('half a recording');

    const second = instantPage();
    await recordingOn(second, 'whole');
    await second.fallBack(() => second.wholeFileUploaded());
    expect((await second.unfinished()).map((recording) => recording.size)).toEqual([16]); // only the first
  });

  it('keeps the copy of a recording whose whole file failed too, until a Re-upload gets it in', async () => {
    const instant = instantPage();
    await recordingOn(instant, 'kept');
    await instant.fallBack(async () => false);
    expect((await instant.unfinished()).map((recording) => recording.size)).toEqual([4]);
    await instant.wholeFileUploaded();
    expect(await instant.unfinished()).toEqual([]);
  });

  it('falls back to the whole file without a local copy too: the failed upload still goes', async () => {
    const instant = instantPage({ spools: Promise.resolve(undefined) });
    await recordingOn(instant, 'no copy');
    const videoId = instant.state.videoId!;
    expect(instant.state.noLocalCopy).toBe(true);
    await instant.fallBack(() => instant.wholeFileUploaded());
    expect(server.uploads.has(videoId)).toBe(false);
  });

  it('warns when the local copy is running out of room', async () => {
    const instant = instantPage({ storage: { estimate: async () => ({ quota: 100 * 1024 * 1024, usage: 0 }) } });
    instant.sinks({ mimeType: 'video/webm' });
    await vi.waitFor(() => expect(instant.state.lowSpace).toBe(true));
  });
});

import { describe, expect, it } from 'vitest';
import type { RecorderState } from './machine.ts';
import { messages } from './messages.ts';
import { createRecorder } from './recorder.ts';
import { createFakeBrowser, type FakeStream } from './testing/fake-browser.ts';
import { FakeSink } from './testing/fake-sink.ts';

function clock(start = 10_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createRecorder (browser shell, fake media)', () => {
  it('captures screen and microphone and records the video with ONE mixed audio track', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser, now: clock().now });

    const state = await recorder.start();

    expect(fake.calls.getDisplayMedia).toEqual([{ video: true, audio: true }]);
    expect(fake.calls.getUserMedia).toEqual([{ audio: true }]);
    expect(state).toEqual({
      status: 'recording',
      startedAt: 10_000,
      mimeType: 'video/webm;codecs=vp9,opus',
      audio: 'screen+microphone',
    });
    const [mediaRecorder] = fake.recorders;
    const recorded = mediaRecorder!.stream as unknown as FakeStream;
    const mixed = fake.contexts[0]!.destinations[0]!.stream.getAudioTracks()[0];
    expect(recorded.getTracks()).toEqual([fake.tracks.displayVideo, mixed]);
    // A key frame every 2 s, so edits can cut near any point.
    expect(mediaRecorder!.options).toEqual({
      mimeType: 'video/webm;codecs=vp9,opus',
      videoKeyFrameIntervalDuration: 2000,
    });
    expect(mediaRecorder!.timeslice).toBe(1000);
  });

  it('asks for no microphone when the settings say none (an account default)', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser, now: clock().now });

    const state = await recorder.start({ microphone: false });

    expect(fake.calls.getDisplayMedia).toEqual([{ video: true, audio: true }]);
    expect(fake.calls.getUserMedia).toEqual([]);
    expect(state.status).toBe('recording');
    expect(state.status === 'recording' && state.audio).not.toContain('microphone');
  });

  it('stop() resolves after onstop with every non-empty chunk, and releases tracks and AudioContext', async () => {
    const fake = createFakeBrowser();
    const time = clock();
    const sink = new FakeSink();
    const recorder = createRecorder({ browser: fake.browser, now: time.now, sinks: () => [{ name: 'upload', sink }] });
    await recorder.start();
    const mediaRecorder = fake.recorders[0]!;
    mediaRecorder.emit(new Blob(['first-']));
    mediaRecorder.emit(new Blob([]));
    mediaRecorder.emit(new Blob(['second-']));
    time.advance(3_200);

    const stopping = recorder.stop();
    expect(recorder.state.status).toBe('stopping');
    // Stop Recording stops every track at once and closes the AudioContext.
    expect(Object.values(fake.tracks).every((track) => track.stopped)).toBe(true);
    await Promise.resolve();
    expect(fake.contexts[0]!.closed).toBe(true);

    const stopped = await stopping;
    expect(stopped.status).toBe('stopped');
    if (stopped.status !== 'stopped') return;
    expect(stopped.reason).toBe('user');
    expect(stopped.recording.durationMs).toBe(3_200);
    expect(stopped.recording.blob.type).toBe('video/webm;codecs=vp9,opus');
    expect(await stopped.recording.blob.text()).toBe('first-second-last');
    expect(sink.written.map((chunk) => chunk.size)).toEqual([6, 7, 4]);
    await recorder.sinksDone();
    expect(sink.closed).toBe(true);
  });

  it("the browser's own Stop sharing ends the recording the same way", async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser, now: clock().now });
    const seen: RecorderState['status'][] = [];
    recorder.on((state) => seen.push(state.status));
    await recorder.start();

    fake.tracks.displayVideo.endFromBrowser();
    expect(recorder.state.status).toBe('stopping');
    expect(fake.tracks.microphone.stopped).toBe(true);
    const stopped = await recorder.stop(); // already stopping: just waits for onstop
    expect(stopped).toMatchObject({ status: 'stopped', reason: 'share-ended' });
    // Without a countdown, 'countdown' lasts only until MediaRecorder starts (remaining 0).
    expect(seen).toEqual(['acquiring', 'countdown', 'recording', 'stopping', 'stopped']);
    expect(fake.tracks.displayVideo.listenerCount('ended')).toBe(0);
  });

  it('records the screen audio alone when the microphone is denied, and says which audio it has', async () => {
    const fake = createFakeBrowser({ microphoneError: new DOMException('no', 'NotAllowedError') });
    const recorder = createRecorder({ browser: fake.browser });
    expect(await recorder.start()).toMatchObject({ status: 'recording', audio: 'screen' });
    const recorded = fake.recorders[0]!.stream as unknown as FakeStream;
    expect(recorded.getAudioTracks()).toHaveLength(1);
  });

  it('records video only, without an AudioContext, when there is no audio at all', async () => {
    const fake = createFakeBrowser({ displayAudio: false, microphoneError: new DOMException('none', 'NotFoundError') });
    const recorder = createRecorder({ browser: fake.browser });
    expect(await recorder.start()).toMatchObject({ status: 'recording', audio: 'none' });
    expect(fake.contexts).toHaveLength(0);
    expect((fake.recorders[0]!.stream as unknown as FakeStream).getTracks()).toEqual([fake.tracks.displayVideo]);
  });

  it('a denied screen share returns to idle with a message and asks for nothing else', async () => {
    const fake = createFakeBrowser({ displayError: new DOMException('Permission denied', 'NotAllowedError') });
    const recorder = createRecorder({ browser: fake.browser });
    expect(await recorder.start()).toEqual({ status: 'idle', notice: messages.screenDenied });
    expect(fake.calls.getUserMedia).toEqual([]);
    expect(fake.recorders).toEqual([]);
    recorder.dismiss();
    expect(recorder.state).toEqual({ status: 'idle' });
  });

  it('records an H.264/AAC MP4 where the browser can (Safari), and the recording carries that type', async () => {
    const fake = createFakeBrowser({
      supportedTypes: ['video/mp4;codecs=avc1.42E01E,mp4a.40.2', 'video/webm;codecs=vp8,opus'],
    });
    const recorder = createRecorder({ browser: fake.browser });
    expect(await recorder.start()).toMatchObject({
      status: 'recording',
      mimeType: 'video/mp4;codecs=avc1.42E01E,mp4a.40.2',
    });
    expect(fake.recorders[0]!.options.mimeType).toBe('video/mp4;codecs=avc1.42E01E,mp4a.40.2');
    fake.recorders[0]!.emit(new Blob(['mp4-bytes']));
    const stopped = await recorder.stop();
    expect(stopped.status === 'stopped' && stopped.recording.blob.type).toBe('video/mp4;codecs=avc1.42e01e,mp4a.40.2');
  });

  it('without a type it can record (MP4 H.264, WebM VP8/VP9 + Opus) it fails with a message and releases the capture', async () => {
    const fake = createFakeBrowser({ supportedTypes: ['video/webm;codecs=h264'] });
    const recorder = createRecorder({ browser: fake.browser });
    expect(await recorder.start()).toEqual({ status: 'error', message: messages.noWebm });
    expect(Object.values(fake.tracks).every((track) => track.stopped)).toBe(true);
  });

  it('keeps what was recorded when MediaRecorder stops by itself', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start();
    fake.recorders[0]!.emit(new Blob(['kept-']));
    const settled = new Promise<RecorderState>((resolve) => recorder.on((state) => resolve(state)));
    fake.recorders[0]!.stopFromBrowser();
    const stopped = await settled;
    expect(stopped).toMatchObject({ status: 'stopped', reason: 'recorder-ended' });
    if (stopped.status === 'stopped') expect(await stopped.recording.blob.text()).toBe('kept-last');
    expect(Object.values(fake.tracks).every((track) => track.stopped)).toBe(true);
  });

  it('resumes an AudioContext the browser started suspended, so the mix is not silent', async () => {
    const fake = createFakeBrowser({ suspendedAudio: true });
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start();
    expect(fake.contexts[0]).toMatchObject({ state: 'running', resumes: 1 });
  });

  it("records the microphone's own track when the AudioContext never starts (Firefox with no audio output)", async () => {
    const fake = createFakeBrowser({ audioNeverStarts: true });
    const recorder = createRecorder({ browser: fake.browser, audioStartTimeoutMs: 20 });

    // Before, Start waited for resume() for ever and the page stayed on "Choose what to share".
    expect(await recorder.start()).toMatchObject({ status: 'recording', audio: 'microphone' });
    const recorded = fake.recorders[0]!.stream as unknown as FakeStream;
    expect(recorded.getTracks()).toEqual([fake.tracks.displayVideo, fake.tracks.microphone]);
    expect(fake.contexts[0]).toMatchObject({ state: 'closed', resumes: 1 });
    expect((await recorder.stop()).status).toBe('stopped');
    expect(fake.tracks.microphone.stopped).toBe(true);
  });

  it('records unmixed when resume() throws at once, rather than waiting for ever', async () => {
    const fake = createFakeBrowser({ suspendedAudio: true });
    const createAudioContext = fake.browser.createAudioContext;
    fake.browser.createAudioContext = () => {
      const context = createAudioContext();
      context.resume = () => {
        throw new DOMException('closed', 'InvalidStateError');
      };
      return context;
    };
    const recorder = createRecorder({ browser: fake.browser, audioStartTimeoutMs: 20 });
    expect(await recorder.start()).toMatchObject({ status: 'recording', audio: 'microphone' });
  });

  it('finishes with the chunks it has when MediaRecorder never fires stop', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser, stopTimeoutMs: 20 });
    await recorder.start();
    const mediaRecorder = fake.recorders[0]!;
    mediaRecorder.neverStops = true;
    mediaRecorder.emit(new Blob(['all-we-got']));
    const stopped = await recorder.stop();
    expect(stopped).toMatchObject({ status: 'stopped', reason: 'user' });
    if (stopped.status === 'stopped') expect(await stopped.recording.blob.text()).toBe('all-we-got');
  });

  it('the watchdog of an old recording never ends a newer one', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser, stopTimeoutMs: 30 });
    await recorder.start();
    await recorder.stop();
    await recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(recorder.state.status).toBe('recording');
  });

  it('on() returns an unsubscribe', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    const seen: string[] = [];
    const off = recorder.on((state) => seen.push(state.status));
    off();
    await recorder.start();
    expect(seen).toEqual([]);
  });

  it('leaving the page while the picker is open releases the capture once it arrives', async () => {
    const fake = createFakeBrowser({ holdDisplay: true });
    const recorder = createRecorder({ browser: fake.browser });
    const started = recorder.start();
    recorder.dispose();
    fake.releaseDisplay();
    expect(await started).toEqual({ status: 'idle' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.tracks.displayVideo.stopped).toBe(true);
    expect(fake.recorders).toEqual([]);
  });

  it('a second start after a stop records anew', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start();
    await recorder.stop();
    expect((await recorder.start()).status).toBe('recording');
    expect(fake.recorders).toHaveLength(2);
  });
});

/**
 * The shell's part of the recording controls, with a fake browser and fake timers: the
 * countdown's ticks, pause and resume on MediaRecorder, the maximum length, devices lost, a silent
 * microphone, and the sources (camera, screen + camera bubble, area).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRecorder } from './recorder.ts';
import { createFakeBrowser, type FakeStream } from './testing/fake-browser.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 100_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('countdown', () => {
  it('captures first, then counts 3, 2, 1 a second apart, then starts MediaRecorder', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    const started = recorder.start({ countdownSeconds: 3 });
    await flush();
    const seen: number[] = [];
    recorder.on((state) => state.status === 'countdown' && seen.push(state.remaining));
    expect(recorder.state).toEqual({ status: 'countdown', remaining: 3 });
    expect(fake.calls.getDisplayMedia).toHaveLength(1);
    expect(fake.recorders[0]!.state).toBe('inactive');

    await vi.advanceTimersByTimeAsync(2_999);
    expect(fake.recorders[0]!.state).toBe('inactive');
    await vi.advanceTimersByTimeAsync(1);
    expect(await started).toMatchObject({ status: 'recording', startedAt: 103_000 });
    expect(seen).toEqual([2, 1, 0]);
    expect(fake.recorders[0]!.state).toBe('recording');
  });

  it('skipCountdown starts at once', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    const started = recorder.start({ countdownSeconds: 3 });
    await flush();
    recorder.skipCountdown();
    expect(await started).toMatchObject({ status: 'recording', startedAt: 100_000 });
    await vi.advanceTimersByTimeAsync(5_000); // the tick that was due changes nothing
    expect(recorder.state.status).toBe('recording');
  });

  it('Stop during the countdown releases everything, aborts the sinks and records nothing', async () => {
    const fake = createFakeBrowser();
    const aborted: unknown[] = [];
    const recorder = createRecorder({
      browser: fake.browser,
      sinks: () => [
        {
          name: 'upload',
          sink: {
            write: async () => undefined,
            close: async () => undefined,
            abort: async (why: unknown) => void aborted.push(why),
          },
        },
      ],
    });
    void recorder.start({ countdownSeconds: 3 });
    await flush();
    expect(await recorder.stop()).toEqual({ status: 'idle' });
    await flush();
    expect(Object.values(fake.tracks).every((track) => track.stopped)).toBe(true);
    expect(fake.recorders[0]!.state).toBe('inactive');
    expect(aborted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(recorder.state).toEqual({ status: 'idle' });
  });
});

describe('pause and resume', () => {
  it('pauses and resumes MediaRecorder; the duration leaves the pause out', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start();
    await vi.advanceTimersByTimeAsync(2_000);
    recorder.pause();
    expect(fake.recorders[0]!.state).toBe('paused');
    expect(recorder.state.status).toBe('paused');
    await vi.advanceTimersByTimeAsync(3_000);
    recorder.resume();
    expect(fake.recorders[0]!.state).toBe('recording');
    await vi.advanceTimersByTimeAsync(5_000);
    const stopping = recorder.stop();
    await flush();
    expect(await stopping).toMatchObject({ status: 'stopped', recording: { durationMs: 7_000 } });
  });

  it('Stop while paused stops MediaRecorder and ends the recording at the pause', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start();
    await vi.advanceTimersByTimeAsync(4_000);
    recorder.pause();
    await vi.advanceTimersByTimeAsync(6_000);
    const stopping = recorder.stop();
    await flush();
    expect(await stopping).toMatchObject({ status: 'stopped', reason: 'user', recording: { durationMs: 4_000 } });
    expect(fake.tracks.displayVideo.stopped).toBe(true);
  });
});

describe('maximum length', () => {
  it('stops by itself once the recorded time, pauses left out, reaches it', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start({ maxDurationMs: 10_000 });
    await vi.advanceTimersByTimeAsync(6_000);
    recorder.pause();
    await vi.advanceTimersByTimeAsync(20_000); // paused time does not count
    expect(recorder.state.status).toBe('paused');
    recorder.resume();
    await vi.advanceTimersByTimeAsync(3_999);
    expect(recorder.state.status).toBe('recording');
    await vi.advanceTimersByTimeAsync(1);
    expect(recorder.state).toMatchObject({ status: 'stopping', reason: 'max-length' });
    await vi.advanceTimersByTimeAsync(10);
    expect(recorder.state).toMatchObject({ status: 'stopped', recording: { durationMs: 10_000 } });
  });
});

describe('devices', () => {
  it('records the chosen microphone and camera by deviceId', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start({ source: 'camera', microphoneId: 'mic-2', cameraId: 'cam-1' });
    expect(fake.calls.getDisplayMedia).toEqual([]);
    expect(fake.calls.getUserMedia).toEqual([
      { video: { deviceId: { exact: 'cam-1' } } },
      { audio: { deviceId: { exact: 'mic-2' } } },
    ]);
    const recorded = fake.recorders[0]!.stream as unknown as FakeStream;
    expect(recorded.getVideoTracks()).toEqual([fake.camera]);
    expect(recorder.state).toMatchObject({ status: 'recording', audio: 'microphone' });
  });

  it('a microphone lost mid-recording: the recording goes on and says so', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start();
    fake.tracks.microphone.endFromBrowser();
    expect(recorder.state).toMatchObject({ status: 'recording', lostDevices: ['microphone'] });
  });

  it('the camera recorded alone lost mid-recording: the recording stops and keeps what it has', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start({ source: 'camera' });
    fake.recorders[0]!.emit(new Blob(['kept-']));
    fake.camera.endFromBrowser();
    expect(recorder.state).toMatchObject({ status: 'stopping', reason: 'device-lost' });
    await flush();
    const state = recorder.state;
    expect(state).toMatchObject({ status: 'stopped', reason: 'device-lost', lostDevices: ['camera'] });
    if (state.status === 'stopped') expect(await state.recording.blob.text()).toBe('kept-last');
  });

  it('a camera denied for camera-only returns to idle with a sentence, and releases what was captured', async () => {
    const fake = createFakeBrowser({ cameraError: new DOMException('no', 'NotAllowedError') });
    const recorder = createRecorder({ browser: fake.browser });
    expect(await recorder.start({ source: 'screen+camera' })).toMatchObject({
      status: 'idle',
      notice: expect.stringContaining('camera was blocked'),
    });
    expect(fake.tracks.displayVideo.stopped).toBe(true);
  });

  it('a microphone silent for the first 5 s is reported while recording; a live one is not', async () => {
    for (const [amplitude, silent] of [
      [0, true],
      [0.2, false],
    ] as const) {
      const fake = createFakeBrowser({ microphoneAmplitude: amplitude });
      const recorder = createRecorder({ browser: fake.browser });
      await recorder.start();
      await vi.advanceTimersByTimeAsync(4_900);
      expect(recorder.state).not.toHaveProperty('microphoneSilent');
      await vi.advanceTimersByTimeAsync(200);
      expect(recorder.state.status).toBe('recording');
      expect('microphoneSilent' in recorder.state).toBe(silent);
      expect(recorder.microphoneLevel() > 0).toBe(!silent);
      recorder.dispose();
    }
  });

  it('a microphone the meter cannot hear (its AudioContext never starts) is not called silent', async () => {
    const fake = createFakeBrowser({ microphoneAmplitude: 0, audioNeverStarts: true });
    const recorder = createRecorder({ browser: fake.browser, audioStartTimeoutMs: 20 });
    const started = recorder.start();
    await vi.advanceTimersByTimeAsync(20);
    expect(await started).toMatchObject({ status: 'recording', audio: 'microphone' });
    await vi.advanceTimersByTimeAsync(5_100);
    expect(recorder.state.status).toBe('recording');
    expect(recorder.state).not.toHaveProperty('microphoneSilent');
    recorder.dispose();
  });
});

describe('sources', () => {
  it('area: the screen the person already chose, cropped; the crop ends with the recording', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    const display = await fake.browser.getDisplayMedia({ video: true });
    fake.calls.getDisplayMedia.length = 0;
    const area = { x: 100, y: 50, width: 640, height: 360 };
    await recorder.start({ source: 'area', display, area });
    expect(fake.calls.getDisplayMedia).toEqual([]);
    expect(fake.processed).toMatchObject([{ kind: 'crop', inputs: [fake.tracks.displayVideo], settings: area }]);
    const recorded = fake.recorders[0]!.stream as unknown as FakeStream;
    expect(recorded.getVideoTracks()).toEqual([fake.processed[0]!.track]);
    const stopping = recorder.stop();
    await flush();
    await stopping;
    expect(fake.processed[0]!.stopped).toBe(true);
    expect(fake.tracks.displayVideo.stopped).toBe(true);
  });

  it('screen + camera: one composited track with the bubble settings; a lost camera does not stop it', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    const bubble = { shape: 'rounded', corner: 'top-left', size: 0.3 } as const;
    await recorder.start({ source: 'screen+camera', bubble });
    expect(fake.processed).toMatchObject([
      { kind: 'bubble', inputs: [fake.tracks.displayVideo, fake.camera], settings: bubble },
    ]);
    fake.camera.endFromBrowser();
    expect(recorder.state).toMatchObject({ status: 'recording', lostDevices: ['camera'] });
  });

  it('quality: the height cap and frame rate go to the capture, the bitrate to MediaRecorder', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start({ quality: { resolution: '720p', frameRate: 60 } });
    expect(fake.calls.getDisplayMedia).toEqual([
      { video: { frameRate: { ideal: 60, max: 60 }, height: { max: 720 } }, audio: true },
    ]);
    expect(fake.recorders[0]!.options).toMatchObject({ videoBitsPerSecond: 3_750_000 });
  });
});

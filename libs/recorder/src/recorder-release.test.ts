/**
 * What Start acquired is released exactly once: when a later step fails, when the start is given
 * up while the browser still asks (the page is left), and when the recording ends. The fake
 * browser counts every stop() of a track and of a processed (cropped, composited) track.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from './messages.ts';
import { createRecorder } from './recorder.ts';
import { createFakeBrowser } from './testing/fake-browser.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 100_000 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const flush = () => vi.advanceTimersByTimeAsync(0);

/** Every track the fake browser can hand out, by name. */
function allTracks(fake: ReturnType<typeof createFakeBrowser>) {
  return { ...fake.tracks, camera: fake.camera };
}

function stopCounts(fake: ReturnType<typeof createFakeBrowser>) {
  return Object.fromEntries(Object.entries(allTracks(fake)).map(([name, track]) => [name, track.stopCount]));
}

/** getUserMedia for the microphone waits until `answer()` (its prompt is open); `asked()` says whether it was called. */
function holdMicrophone(fake: ReturnType<typeof createFakeBrowser>) {
  const getUserMedia = fake.browser.getUserMedia.bind(fake.browser);
  let answer: () => void = () => undefined;
  let asked = false;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  fake.browser.getUserMedia = async (constraints) => {
    if (constraints.audio) {
      asked = true;
      await answered;
    }
    return getUserMedia(constraints);
  };
  return { answer: () => answer(), asked: () => asked };
}

describe('a step of Start that fails releases everything acquired before it, once', () => {
  it('the camera refused after the screen was granted: the screen is released once, nothing more is asked', async () => {
    const fake = createFakeBrowser({ cameraError: new DOMException('no', 'NotAllowedError') });
    const recorder = createRecorder({ browser: fake.browser });

    expect(await recorder.start({ source: 'screen+camera' })).toEqual({
      status: 'idle',
      notice: messages.cameraDenied,
    });
    await flush();
    expect(stopCounts(fake)).toEqual({ displayVideo: 1, displayAudio: 1, microphone: 0, camera: 0 });
    expect(fake.calls.getUserMedia).toEqual([{ video: true }]); // no microphone asked for
    expect(fake.recorders).toEqual([]);
  });

  it('MediaRecorder refused after the screen, camera, microphone, bubble and mix: each released once', async () => {
    const fake = createFakeBrowser();
    fake.browser.createMediaRecorder = () => {
      throw new DOMException('no such type', 'NotSupportedError');
    };
    const recorder = createRecorder({ browser: fake.browser });

    expect(await recorder.start({ source: 'screen+camera' })).toEqual({
      status: 'error',
      message: messages.unsupported,
    });
    await flush();
    expect(stopCounts(fake)).toEqual({ displayVideo: 1, displayAudio: 1, microphone: 1, camera: 1 });
    expect(fake.processed.map((made) => made.stopCount)).toEqual([1]);
    expect(fake.contexts.map((context) => context.closed)).toEqual([true]);
  });

  it('a clean-up that throws is reported and the rest are still released', async () => {
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    const fake = createFakeBrowser();
    const brokenStop = new Error('the compositor would not stop');
    fake.browser.compositeBubble = async (screen) => ({
      track: screen,
      stop: () => {
        throw brokenStop;
      },
    });
    fake.browser.createMediaRecorder = () => {
      throw new DOMException('no such type', 'NotSupportedError');
    };
    const recorder = createRecorder({ browser: fake.browser });

    // Before, the throw escaped Start: the capture stayed on and Start never answered.
    expect(await recorder.start({ source: 'screen+camera' })).toMatchObject({ status: 'error' });
    await flush();
    expect(stopCounts(fake)).toEqual({ displayVideo: 1, displayAudio: 1, microphone: 1, camera: 1 });
    expect(fake.contexts.map((context) => context.closed)).toEqual([true]);
    expect(reported).toEqual([brokenStop]);
  });

  it('sinks that cannot be set up: the capture, the crop and the mix are released once', async () => {
    const fake = createFakeBrowser();
    const display = await fake.browser.getDisplayMedia({ video: true });
    const recorder = createRecorder({
      browser: fake.browser,
      sinks: () => [
        {
          name: 'collector',
          sink: { write: async () => undefined, close: async () => undefined, abort: async () => undefined },
        },
      ],
    });

    const state = await recorder.start({ source: 'area', display, area: { x: 0, y: 0, width: 640, height: 360 } });
    expect(state).toMatchObject({ status: 'error', message: expect.stringContaining('"collector"') });
    await flush();
    expect(stopCounts(fake)).toEqual({ displayVideo: 1, displayAudio: 1, microphone: 1, camera: 0 });
    expect(fake.processed.map((made) => made.stopCount)).toEqual([1]);
    expect(fake.contexts.map((context) => context.closed)).toEqual([true]);
  });
});

describe('a start given up while the browser still asks (the page is left)', () => {
  it('releases the screen at once, not when the microphone prompt is answered, and the microphone when it comes', async () => {
    const fake = createFakeBrowser();
    const microphone = holdMicrophone(fake);
    const recorder = createRecorder({ browser: fake.browser });
    const started = recorder.start();
    await flush();
    expect(microphone.asked()).toBe(true); // the prompt is open

    recorder.dispose();
    expect(await started).toEqual({ status: 'idle' });
    expect(stopCounts(fake)).toEqual({ displayVideo: 1, displayAudio: 1, microphone: 0, camera: 0 });

    microphone.answer();
    await flush();
    expect(stopCounts(fake)).toEqual({ displayVideo: 1, displayAudio: 1, microphone: 1, camera: 0 });
    expect(fake.recorders).toEqual([]);
    expect(recorder.state).toEqual({ status: 'idle' });
  });

  it('while waiting for the AudioContext to start: the mix is closed at once and nothing is recorded later', async () => {
    const fake = createFakeBrowser({ audioNeverStarts: true });
    const recorder = createRecorder({ browser: fake.browser, audioStartTimeoutMs: 2_000 });
    const started = recorder.start({ source: 'screen+camera' });
    await flush();
    expect(fake.contexts).toHaveLength(1);

    recorder.dispose();
    expect(await started).toEqual({ status: 'idle' });
    await flush();
    expect(stopCounts(fake)).toEqual({ displayVideo: 1, displayAudio: 1, microphone: 1, camera: 1 });
    expect(fake.processed.map((made) => made.stopCount)).toEqual([1]);
    expect(fake.contexts[0]!.closed).toBe(true);

    await vi.advanceTimersByTimeAsync(2_000); // the wait gives up: the stale start must do nothing
    expect(fake.recorders).toEqual([]);
    expect(recorder.state).toEqual({ status: 'idle' });
    expect(stopCounts(fake)).toEqual({ displayVideo: 1, displayAudio: 1, microphone: 1, camera: 1 });
  });

  it('a new start after leaving records normally while the old one is still waiting', async () => {
    const fake = createFakeBrowser();
    const microphone = holdMicrophone(fake);
    const recorder = createRecorder({ browser: fake.browser });
    void recorder.start();
    await flush();
    recorder.dispose();
    const again = recorder.start();
    await flush();
    microphone.answer();
    expect(await again).toMatchObject({ status: 'recording' });
    expect(fake.recorders).toHaveLength(1);
  });
});

describe('a recording that ends', () => {
  it('Stop releases every track, the bubble and the mix exactly once', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start({ source: 'screen+camera' });
    const stopping = recorder.stop();
    await flush();
    expect(await stopping).toMatchObject({ status: 'stopped', reason: 'user' });
    expect(stopCounts(fake)).toEqual({ displayVideo: 1, displayAudio: 1, microphone: 1, camera: 1 });
    expect(fake.processed.map((made) => made.stopCount)).toEqual([1]);
    expect(fake.contexts.every((context) => context.closed)).toBe(true);
  });

  it("the browser's own Stop sharing: released once, listeners removed", async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start();
    fake.tracks.displayVideo.endFromBrowser();
    await flush();
    expect(recorder.state).toMatchObject({ status: 'stopped', reason: 'share-ended' });
    expect(stopCounts(fake)).toEqual({ displayVideo: 1, displayAudio: 1, microphone: 1, camera: 0 });
    expect(fake.tracks.displayVideo.listenerCount('ended')).toBe(0);
    expect(fake.tracks.microphone.listenerCount('ended')).toBe(0);
  });

  it('MediaRecorder stopping by itself releases once too', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start();
    fake.recorders[0]!.stopFromBrowser();
    await flush();
    expect(recorder.state).toMatchObject({ status: 'stopped', reason: 'recorder-ended' });
    expect(stopCounts(fake)).toEqual({ displayVideo: 1, displayAudio: 1, microphone: 1, camera: 0 });
  });
});

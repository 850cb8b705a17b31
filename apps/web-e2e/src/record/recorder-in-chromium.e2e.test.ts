/**
 * @stream/recorder and the upload client in real Chromium (fake screen with audio, fake beeping
 * microphone) against the real API, without the page around them: the mixed recording has
 * VP8/VP9 video and audible Opus audio once stored, the browser's "Stop sharing" (the video
 * track's ended event) stops it, and progress reaches 100. The /record page itself is driven in
 * record.e2e.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestUser, type TestUser } from '@stream/auth/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from '../index';
import { bundleRecorderLibs } from './bundle-libs';
import { audioVolume, probeStreams } from './media-probe';

let browser: Browser;
let libs: string;
let user: TestUser;
let workDir: string;
beforeAll(async () => {
  [browser, libs, user] = await Promise.all([
    launchBrowser(),
    bundleRecorderLibs(),
    createTestUser(inject('emulatorHost')),
  ]);
  workDir = mkdtempSync(join(tmpdir(), 'stream-recorder-e2e-'));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/**
 * A page on the API's origin (a secure context: 127.0.0.1) with the libs loaded. The app's Content
 * Security Policy forbids inline scripts, rightly; these libs come in as one, so this context
 * alone bypasses it.
 */
async function pageWithLibs(): Promise<Page> {
  const page = await newPage(browser, { bypassCSP: true });
  await page.goto(`${inject('baseUrl')}/login`);
  await page.addScriptTag({ content: libs });
  return page;
}

describe('the recorder libs in Chromium', () => {
  it(
    'records screen audio and microphone into one Opus track, uploads with progress, and the stored file is audible',
    { timeout: 120_000 },
    async () => {
      const page = await pageWithLibs();
      const outcome = await page.evaluate(async (token) => {
        const recorder = window.stream.createRecorder({ timesliceMs: 500 });
        const started = await recorder.start();
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        const stopped = await recorder.stop();
        if (stopped.status !== 'stopped') return { started, stopped };
        const progress: number[] = [];
        const uploads = window.stream.createUploadClient({ getToken: () => token });
        const upload = await uploads.upload(stopped.recording.blob, { onProgress: (p) => progress.push(p) });
        return {
          started,
          stopped: { status: stopped.status, reason: stopped.reason, durationMs: stopped.recording.durationMs },
          size: stopped.recording.blob.size,
          type: stopped.recording.blob.type,
          progress,
          upload,
        };
      }, user.idToken);

      expect(outcome.started).toMatchObject({
        status: 'recording',
        audio: 'screen+microphone',
        mimeType: 'video/webm;codecs=vp9,opus',
      });
      expect(outcome.stopped).toMatchObject({ status: 'stopped', reason: 'user' });
      expect(outcome.type).toBe('video/webm;codecs=vp9,opus');
      expect(outcome.size).toBeGreaterThan(10_000);
      expect(outcome.progress?.at(-1)).toBe(100);
      expect(outcome.upload).toMatchObject({ ok: true, status: 201, message: 'Video uploaded successfully!' });
      const videoId = outcome.upload && 'videoId' in outcome.upload ? outcome.upload.videoId : undefined;
      expect(videoId).toBeTruthy();

      const stored = await fetch(`${inject('baseUrl')}/api/videoservice/video/${videoId}`, {
        headers: { authorization: `Bearer ${user.idToken}` },
      });
      expect(stored.status).toBe(200);
      const path = join(workDir, 'stored.webm');
      writeFileSync(path, Buffer.from(await stored.arrayBuffer()));
      const streams = await probeStreams(path);
      expect(streams.filter((s) => s.codec_type === 'video').map((s) => s.codec_name)).toEqual(['vp9']);
      expect(streams.filter((s) => s.codec_type === 'audio').map((s) => s.codec_name)).toEqual(['opus']);
      const volume = await audioVolume(path);
      expect(volume.meanDb).toBeGreaterThan(-60);
      await page.context().close();
    },
  );

  it(
    "stops when the share ends from the browser's side, stopping every track and closing the AudioContext",
    { timeout: 60_000 },
    async () => {
      const page = await pageWithLibs();
      const outcome = await page.evaluate(async () => {
        // Keep hold of what the recorder captures, to end the share as the browser's bar would.
        const captured: MediaStream[] = [];
        const contexts: AudioContext[] = [];
        const devices = navigator.mediaDevices;
        const getDisplayMedia = devices.getDisplayMedia.bind(devices);
        const getUserMedia = devices.getUserMedia.bind(devices);
        devices.getDisplayMedia = async (constraints) => {
          const stream = await getDisplayMedia(constraints);
          captured.push(stream);
          return stream;
        };
        devices.getUserMedia = async (constraints) => {
          const stream = await getUserMedia(constraints);
          captured.push(stream);
          return stream;
        };
        const NativeAudioContext = window.AudioContext;
        window.AudioContext = class extends NativeAudioContext {
          constructor(options?: AudioContextOptions) {
            super(options);
            contexts.push(this);
          }
        };

        const recorder = window.stream.createRecorder();
        const states: string[] = [];
        recorder.on((state) => states.push(state.status));
        await recorder.start();
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const video = captured[0]!.getVideoTracks()[0]!;
        video.stop(); // what the browser does to the track...
        video.dispatchEvent(new Event('ended')); // ...and the event it fires when the person ends the share
        const stopped = await recorder.stop();
        await new Promise((resolve) => setTimeout(resolve, 100));
        return {
          states,
          reason: stopped.status === 'stopped' ? stopped.reason : null,
          size: stopped.status === 'stopped' ? stopped.recording.blob.size : 0,
          trackStates: captured.flatMap((stream) => stream.getTracks().map((track) => track.readyState)),
          contextStates: contexts.map((context) => context.state),
        };
      });
      // Without a countdown, 'countdown' lasts only until MediaRecorder starts.
      expect(outcome.states).toEqual(['acquiring', 'countdown', 'recording', 'stopping', 'stopped']);
      expect(outcome.reason).toBe('share-ended');
      expect(outcome.size).toBeGreaterThan(1_000);
      expect(outcome.trackStates.length).toBeGreaterThanOrEqual(3);
      expect(new Set(outcome.trackStates)).toEqual(new Set(['ended']));
      // The mix's and the microphone level meter's (which notices a muted microphone): both closed.
      expect(outcome.contextStates).toEqual(['closed', 'closed']);
      await page.context().close();
    },
  );

  it(
    'feeds a slow WritableStream sink every byte of the recording in order and closes it after the last one; a failing sink only costs itself',
    { timeout: 60_000 },
    async () => {
      const page = await pageWithLibs();
      const outcome = await page.evaluate(async () => {
        const received: Blob[] = [];
        const events: string[] = [];
        let writesInFlight = 0;
        let maxInFlight = 0;
        const slow = new WritableStream<Blob>({
          async write(chunk) {
            writesInFlight += 1;
            maxInFlight = Math.max(maxInFlight, writesInFlight);
            await new Promise((resolve) => setTimeout(resolve, 150)); // slower than the 100 ms timeslice
            received.push(chunk);
            events.push('write');
            writesInFlight -= 1;
          },
          close() {
            events.push('close');
          },
        });
        let failingWrites = 0;
        const failing = {
          write: async () => {
            failingWrites += 1;
            throw new Error('network down');
          },
          close: async () => undefined,
          abort: async () => undefined,
        };
        const recorder = window.stream.createRecorder({
          timesliceMs: 100,
          sinks: () => [
            { name: 'slow copy', sink: slow },
            { name: 'upload', sink: failing },
          ],
        });
        let mostBehind = 0;
        recorder.onSinks((sinks) => (mostBehind = Math.max(mostBehind, sinks[1]?.queuedChunks ?? 0)));
        await recorder.start();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const during = recorder.state.status;
        const stopped = await recorder.stop();
        const sinks = await recorder.sinksDone();
        if (stopped.status !== 'stopped') return { during, stopped: stopped.status };
        const blob = new Uint8Array(await stopped.recording.blob.arrayBuffer());
        const copy = new Uint8Array(await new Blob(received).arrayBuffer());
        return {
          during,
          stopped: stopped.status,
          failures: stopped.sinkFailures ?? [],
          sinks: sinks.map((sink) => [sink.name, sink.state]),
          identical: blob.length === copy.length && blob.every((byte, i) => byte === copy[i]),
          size: blob.length,
          magic: Array.from(blob.slice(0, 4)),
          lastEvent: events.at(-1),
          closes: events.filter((event) => event === 'close').length,
          maxInFlight,
          mostBehind,
          failingWrites,
        };
      });
      expect(outcome.during).toBe('recording'); // the failing optional sink did not stop it
      expect(outcome.stopped).toBe('stopped');
      expect(outcome.failures).toEqual([
        {
          name: 'upload',
          message: 'The upload stopped (network down). The recording itself goes on and is kept here.',
        },
      ]);
      expect(outcome.failingWrites).toBe(1);
      expect(outcome.sinks).toEqual([
        ['collector', 'closed'],
        ['slow copy', 'closed'],
        ['upload', 'failed'],
      ]);
      expect(outcome.size).toBeGreaterThan(1_000);
      expect(outcome.magic).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML: a WebM from its first byte
      expect(outcome.identical).toBe(true);
      expect(outcome.lastEvent).toBe('close');
      expect(outcome.closes).toBe(1);
      expect(outcome.maxInFlight).toBe(1);
      expect(outcome.mostBehind).toBeGreaterThan(1); // it fell behind, and the recorder said so
      await page.context().close();
    },
  );

  it('a denied microphone still records the screen and its audio, and says so', { timeout: 60_000 }, async () => {
    const page = await pageWithLibs();
    const outcome = await page.evaluate(async () => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      const recorder = window.stream.createRecorder();
      const started = await recorder.start();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const stopped = await recorder.stop();
      return {
        audio: started.status === 'recording' ? started.audio : null,
        says: started.status === 'recording' ? window.stream.describeAudio(started.audio) : null,
        size: stopped.status === 'stopped' ? stopped.recording.blob.size : 0,
      };
    });
    expect(outcome.audio).toBe('screen');
    expect(outcome.says).toMatch(/microphone is not being recorded/);
    expect(outcome.size).toBeGreaterThan(1_000);
    await page.context().close();
  });

  it(
    'the mix carries both sources: a tone from the screen and beeps from the microphone, each in its own band',
    { timeout: 90_000 },
    async () => {
      const page = await pageWithLibs();
      // Chromium's fake screen audio and fake microphone are the same 400 Hz beep, and two copies of
      // one tone add by phase (0 to 4 times one's power): summed loudness cannot tell whether both
      // are in the mix. So the screen sounds a 1 kHz tone of its own, and each band is measured.
      const bands: Record<string, { screen: number; microphone: number }> = {};
      for (const sources of ['screen', 'microphone', 'screen+microphone'] as const) {
        const base64 = await page.evaluate(async (sources) => {
          const devices = navigator.mediaDevices;
          const original = { display: devices.getDisplayMedia.bind(devices), user: devices.getUserMedia.bind(devices) };
          if (sources === 'screen')
            devices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
          devices.getDisplayMedia = async (constraints) => {
            const stream = await original.display(constraints);
            for (const track of stream.getAudioTracks()) {
              stream.removeTrack(track);
              track.stop();
            }
            if (sources !== 'microphone') {
              const context = new AudioContext();
              const tone = context.createOscillator();
              tone.frequency.value = 1_000;
              const gain = context.createGain();
              gain.gain.value = 0.05;
              const out = context.createMediaStreamDestination();
              tone.connect(gain).connect(out);
              tone.start();
              stream.addTrack(out.stream.getAudioTracks()[0]!);
            }
            return stream;
          };
          try {
            const recorder = window.stream.createRecorder();
            const started = await recorder.start();
            if (started.status !== 'recording' || started.audio !== sources)
              throw new Error(`recording ${JSON.stringify(started)}`);
            await new Promise((resolve) => setTimeout(resolve, 2_500));
            const stopped = await recorder.stop();
            if (stopped.status !== 'stopped') throw new Error(`stopped ${JSON.stringify(stopped)}`);
            const bytes = new Uint8Array(await stopped.recording.blob.arrayBuffer());
            let binary = '';
            for (const byte of bytes) binary += String.fromCharCode(byte);
            return btoa(binary);
          } finally {
            devices.getDisplayMedia = original.display;
            devices.getUserMedia = original.user;
          }
        }, sources);
        const path = join(workDir, `${sources}.webm`);
        writeFileSync(path, Buffer.from(base64, 'base64'));
        bands[sources] = {
          screen: (await audioVolume(path, { bandHz: 1_000 })).meanDb,
          microphone: (await audioVolume(path, { bandHz: 400 })).meanDb,
        };
      }
      const {
        screen,
        microphone,
        'screen+microphone': mix,
      } = bands as Record<string, { screen: number; microphone: number }>;
      // Each band is its own source's: the other source alone leaves it at least 15 dB quieter.
      expect(screen!.screen).toBeGreaterThan(microphone!.screen + 15);
      expect(microphone!.microphone).toBeGreaterThan(screen!.microphone + 15);
      // The mix holds each source about as loud as recorded alone; a lost one would fall 15 dB or more.
      expect(mix!.screen).toBeGreaterThan(screen!.screen - 6);
      expect(mix!.microphone).toBeGreaterThan(microphone!.microphone - 6);
      await page.context().close();
    },
  );

  it('a denied screen share returns to idle with a message', { timeout: 60_000 }, async () => {
    const page = await pageWithLibs();
    const state = await page.evaluate(async () => {
      navigator.mediaDevices.getDisplayMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      return window.stream.createRecorder().start();
    });
    expect(state).toMatchObject({ status: 'idle', notice: expect.stringMatching(/cancelled or blocked/) });
    await page.context().close();
  });
});

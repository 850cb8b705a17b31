/**
 * Start's first half: ask the browser for what a recording captures (the screen, the camera, the
 * microphone), make the picture to record (the area cropped, the camera's bubble, the compositor
 * for drawing) and its sound (one mixed track), and choose the type.
 *
 * Everything is acquired onto a `DisposerStack`, its release registered the moment it exists. So
 * whoever unwinds the stack releases exactly what was acquired, once, newest first: a later step
 * that fails, or the recorder's dispose() while the browser still asks (the page was left with the
 * picker or a permission prompt open; the stack is then disposed from outside, and what arrives
 * afterwards is released on arrival, `StackDisposedError` ending this work).
 */
import { buildAudioMix, unmixedAudio, type AudioMix } from './audio-mix.ts';
import type { BrowserMedia } from './browser-media.ts';
import type { CompositeOptions } from './capture/compositor.ts';
import type { ProcessedTrack } from './capture/processed-track.ts';
import { videoConstraints } from './capture/quality.ts';
import { defaultBubble, type RecordingSettings } from './capture/settings.ts';
import type { DisposerStack } from './disposer-stack.ts';
import { describeCameraError, describeCaptureError, messages, type CaptureFailure } from './messages.ts';
import { chooseMimeType } from './mime-type.ts';

/** What Start acquired and made, all of it registered on the stack it was acquired onto. */
export interface Sources {
  /** The shared screen as captured, when one is recorded (the drawing layer shows it). */
  readonly display: MediaStream | null;
  readonly microphone: MediaStream | null;
  /** The screen's and the camera's own video tracks (watched for the browser ending them). */
  readonly screenVideo: MediaStreamTrack | undefined;
  readonly cameraVideo: MediaStreamTrack | undefined;
  /** The one video track to record: processed (cropped, composited) or as captured. */
  readonly video: MediaStreamTrack;
  readonly mix: AudioMix<MediaStreamTrack>;
  readonly mimeType: string;
}

/** A step of Start that failed, as the machine's `denied` or `failed` event, with the sentence a person reads. */
export class AcquireFailure extends Error {
  constructor(
    readonly kind: CaptureFailure['kind'],
    message: string,
  ) {
    super(message);
    this.name = 'AcquireFailure';
  }

  static of(failure: CaptureFailure): AcquireFailure {
    return new AcquireFailure(failure.kind, failure.message);
  }
}

export interface AcquireOptions {
  /** How long to wait for the mixing AudioContext to run before recording unmixed. */
  readonly audioStartTimeoutMs: number;
}

/**
 * Acquire onto `stack`; throws `AcquireFailure` when a step fails, `StackDisposedError` when the
 * stack was disposed meanwhile. Either way the caller unwinds the stack; on success it owns it.
 */
export async function acquireSources(
  browser: BrowserMedia,
  wanted: RecordingSettings,
  stack: DisposerStack,
  options: AcquireOptions,
): Promise<Sources> {
  const source = wanted.source ?? 'screen';
  const display = source === 'camera' ? null : stack.adopt(await captureScreen(browser, wanted), stopTracks);
  const camera =
    source === 'camera' || source === 'screen+camera'
      ? stack.adopt(await captureCamera(browser, wanted, display !== null), stopTracks)
      : null;

  // A denied or missing microphone is tolerated: we record what exists and say so (state.audio).
  const microphone =
    wanted.microphone === false
      ? null
      : stack.adopt(
          await browser
            .getUserMedia({ audio: wanted.microphoneId ? { deviceId: { exact: wanted.microphoneId } } : true })
            .catch(() => null),
          stopTracks,
        );

  const mimeType = chooseMimeType((type) => browser.isTypeSupported(type));
  if (!mimeType) throw new AcquireFailure('failed', messages.noWebm);

  const screenVideo = display?.getVideoTracks()[0];
  const cameraVideo = camera?.getVideoTracks()[0];
  const processed = stack.adopt(await processVideo(browser, wanted, screenVideo, cameraVideo), (made) => made.stop());
  const video = processed?.track ?? (source === 'camera' ? cameraVideo : screenVideo);
  if (!video) throw new AcquireFailure('failed', messages.screenNotFound);

  const mix = await mixAudio(browser, display, microphone, stack, options.audioStartTimeoutMs);
  return { display, microphone, screenVideo, cameraVideo, video, mix, mimeType };
}

/** The screen: the one already shared for the area's preview, or the browser's picker. */
async function captureScreen(browser: BrowserMedia, wanted: RecordingSettings): Promise<MediaStream> {
  if (wanted.display) return wanted.display;
  try {
    return await browser.getDisplayMedia({ video: videoConstraints(wanted.quality), audio: true });
  } catch (error) {
    throw AcquireFailure.of(describeCaptureError(error));
  }
}

/** The camera; refused after a screen was granted, it is the camera the person is told about. */
async function captureCamera(
  browser: BrowserMedia,
  wanted: RecordingSettings,
  afterScreen: boolean,
): Promise<MediaStream> {
  const video = videoConstraints(wanted.quality);
  try {
    return await browser.getUserMedia({
      video: wanted.cameraId ? { ...(video === true ? {} : video), deviceId: { exact: wanted.cameraId } } : video,
    });
  } catch (error) {
    throw AcquireFailure.of(afterScreen ? describeCameraError(error) : describeCaptureError(error));
  }
}

/** The picture when the screen is not recorded as captured: through the compositor, cropped, or with the bubble. */
async function processVideo(
  browser: BrowserMedia,
  wanted: RecordingSettings,
  screenVideo: MediaStreamTrack | undefined,
  cameraVideo: MediaStreamTrack | undefined,
): Promise<ProcessedTrack | null> {
  const source = wanted.source ?? 'screen';
  const frameRate = wanted.quality?.frameRate ?? 30;
  try {
    if (wanted.drawing && screenVideo && source !== 'camera') {
      // Decided at Start: MediaRecorder cannot switch tracks mid-recording without a glitch, so a
      // recording that may be drawn on goes through the compositor (which passes the screen
      // through uncopied until the first stroke).
      const composite: CompositeOptions = {
        drawing: wanted.drawing,
        ...(source === 'area' && wanted.area ? { area: wanted.area } : {}),
        ...(source === 'screen+camera' && cameraVideo
          ? { camera: cameraVideo, bubble: wanted.bubble ?? defaultBubble }
          : {}),
      };
      return await browser.compositeTrack(screenVideo, composite, frameRate);
    }
    if (source === 'area' && screenVideo && wanted.area) {
      return await browser.cropVideo(screenVideo, wanted.area, frameRate);
    }
    if (source === 'screen+camera' && screenVideo && cameraVideo) {
      return await browser.compositeBubble(screenVideo, cameraVideo, wanted.bubble ?? defaultBubble, frameRate);
    }
    return null;
  } catch (error) {
    throw new AcquireFailure('failed', describeCaptureError(error).message);
  }
}

/** Screen audio and microphone as one track; unmixed when the AudioContext does not start. */
async function mixAudio(
  browser: BrowserMedia,
  display: MediaStream | null,
  microphone: MediaStream | null,
  stack: DisposerStack,
  audioStartTimeoutMs: number,
): Promise<AudioMix<MediaStreamTrack>> {
  const audio = { screen: display?.getAudioTracks() ?? [], microphone: microphone?.getAudioTracks() ?? [] };
  let mix: AudioMix<MediaStreamTrack>;
  try {
    mix = buildAudioMix<MediaStreamTrack, MediaStream, MediaStreamAudioDestinationNode>(audio, {
      createContext: () => browser.createAudioContext(),
      createStream: (tracks) => browser.createMediaStream(tracks),
    });
  } catch (error) {
    throw new AcquireFailure('failed', describeCaptureError(error).message);
  }
  stack.adopt(mix, (built) => built.close());

  // An AudioContext that does not start records silence, or nothing: record a source's own track.
  const running = await mix.ensureRunning(audioStartTimeoutMs).catch(() => false);
  stack.check();
  if (running) return mix;
  // Closed now to free the context; close() is idempotent, and its disposer reports a failure.
  void mix.close().catch(() => undefined);
  return unmixedAudio(audio);
}

export function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

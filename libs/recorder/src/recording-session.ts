/**
 * Start's second half: from what was acquired (acquire-sources.ts), the MediaRecorder, the sinks its
 * chunks go to, and the watch on the tracks the browser may end. The result is the recording's
 * `Session`, which from then on owns every acquired resource: the acquisition's stack is moved into
 * `session.resources`, released once at Stop, when the recording ends by itself, or on dispose().
 */
import type { AudioMix } from './audio-mix.ts';
import type { BrowserMedia } from './browser-media.ts';
import type { LevelMeter } from './capture/level-meter.ts';
import { videoBitsPerSecond } from './capture/quality.ts';
import type { RecordingSettings } from './capture/settings.ts';
import { createChunkCollector, type ChunkCollector, type SinkSpec } from './chunk-sink.ts';
import { AcquireFailure, type Sources } from './acquire-sources.ts';
import type { DisposerStack } from './disposer-stack.ts';
import type { RecorderEvent } from './machine.ts';
import { describeCaptureError, describeSinkFailure, messages } from './messages.ts';
import { createSinkPipeline, type SinkPipeline, type SinkStatus } from './sink-pipeline.ts';

/** Chromium honours it (docs/toolchain.md, Browser and media): a key frame every 2 s lets edits cut near any point. */
export const keyFrameIntervalMs = 2000;

/** The built-in sink that keeps every chunk for the preview, download and upload Blob. */
export const collectorSinkName = 'collector';

export interface Session {
  /** The shared screen, when one is recorded. */
  readonly display: MediaStream | null;
  readonly microphone: MediaStream | null;
  readonly mix: AudioMix<MediaStreamTrack>;
  readonly mediaRecorder: MediaRecorder;
  readonly pipeline: SinkPipeline;
  readonly mimeType: string;
  /** Every track, processed track, AudioContext and listener of the recording: released once, newest first. */
  readonly resources: DisposerStack;
  /** Ends the recording with every chunk received so far (MediaRecorder's stop event, or the watchdog). */
  readonly finish: () => void;
  meter?: LevelMeter;
}

/** What the session needs of the recorder that opens it. */
export interface SessionHooks {
  readonly dispatch: (event: RecorderEvent) => void;
  readonly now: () => number;
  readonly sinks?: (recording: { readonly mimeType: string }) => readonly SinkSpec[];
  /** Whether `session` is still the recorder's own (not disposed, not followed by another). */
  readonly isCurrent: (session: Session) => boolean;
  /** The sinks' status changed; `pipeline` may be an earlier recording's. */
  readonly sinksChanged: (pipeline: SinkPipeline, status: readonly SinkStatus[]) => void;
  /** Whether `pipeline` is still the recorder's (a failure of an earlier recording's sink is ignored). */
  readonly isCurrentPipeline: (pipeline: SinkPipeline) => boolean;
  /** The last chunk is in the collector: the recording ended with `blob` at `at`. */
  readonly ended: (session: Session, at: number, blob: Blob) => void;
}

/**
 * Make the recording's MediaRecorder and sinks; throws `AcquireFailure` when either cannot be made
 * (the caller unwinds `stack`). On success `stack` is moved into the session: it is spent.
 */
export function openSession(
  browser: BrowserMedia,
  sources: Sources,
  wanted: RecordingSettings,
  stack: DisposerStack,
  hooks: SessionHooks,
): Session {
  const { mix, mimeType } = sources;
  const recorded = browser.createMediaStream([sources.video, ...(mix.track ? [mix.track] : [])]);
  let mediaRecorder: MediaRecorder;
  try {
    mediaRecorder = browser.createMediaRecorder(recorded, recorderOptions(mimeType, wanted));
  } catch (error) {
    throw new AcquireFailure('failed', describeCaptureError(error).message);
  }

  const collector = createChunkCollector();
  const pipeline = openSinks(collector, mimeType, hooks);

  watchTracks(sources, wanted, stack, hooks);
  const session: Session = {
    display: sources.display,
    microphone: sources.microphone,
    mix,
    mediaRecorder,
    pipeline,
    mimeType,
    resources: stack.move(),
    finish,
  };

  mediaRecorder.ondataavailable = (event) => pipeline.push(event.data);
  mediaRecorder.onerror = () =>
    hooks.dispatch({ type: 'recorder-error', at: hooks.now(), message: messages.recorderFailed });
  let finished = false;
  function finish() {
    if (finished || !hooks.isCurrent(session)) return;
    finished = true;
    const at = hooks.now();
    pipeline.close();
    // The collector writes at once, but asynchronously: its last chunk lands a few microtasks later.
    void pipeline.done(collectorSinkName).then(() => {
      if (hooks.isCurrent(session)) hooks.ended(session, at, collector.toBlob(mimeType)); // else disposed meanwhile
    });
  }
  mediaRecorder.onstop = finish;
  return session;
}

/** The collector first, then the sinks the options make for this recording. */
function openSinks(collector: ChunkCollector, mimeType: string, hooks: SessionHooks): SinkPipeline {
  try {
    const extra = hooks.sinks?.({ mimeType }) ?? [];
    if (extra.some((spec) => spec.name === collectorSinkName)) {
      throw new Error(`"${collectorSinkName}" is the name of the recorder's own sink; give yours another name`);
    }
    const pipeline: SinkPipeline = createSinkPipeline(
      [{ name: collectorSinkName, sink: collector, required: true, maxQueuedBytes: Number.MAX_SAFE_INTEGER }, ...extra],
      {
        onChange: (status) => hooks.sinksChanged(pipeline, status),
        onFailure: (failure) => {
          if (!hooks.isCurrentPipeline(pipeline)) return;
          const message = describeSinkFailure(failure.name, failure.required, failure.message);
          hooks.dispatch({
            type: 'sink-failed',
            at: hooks.now(),
            name: failure.name,
            required: failure.required,
            message,
          });
        },
      },
    );
    return pipeline;
  } catch (error) {
    throw new AcquireFailure('failed', messages.sinksUnusable(error instanceof Error ? error.message : String(error)));
  }
}

/**
 * The browser's own "Stop sharing" ends the screen's track: stop exactly as the button does. A
 * camera or microphone that goes away is a lost device; the camera alone is the whole picture.
 * Each listener is removed with the rest of the recording's resources.
 */
function watchTracks(sources: Sources, wanted: RecordingSettings, stack: DisposerStack, hooks: SessionHooks) {
  const { dispatch, now } = hooks;
  const watch = (track: MediaStreamTrack | undefined, onEnded: () => void) => {
    if (!track) return;
    track.addEventListener('ended', onEnded);
    stack.defer(() => track.removeEventListener('ended', onEnded));
  };
  watch(sources.screenVideo, () => dispatch({ type: 'share-ended', at: now() }));
  const cameraAlone = wanted.source === 'camera';
  watch(sources.cameraVideo, () =>
    dispatch({ type: 'device-lost', at: now(), device: 'camera', essential: cameraAlone }),
  );
  for (const track of sources.microphone?.getAudioTracks() ?? []) {
    watch(track, () => dispatch({ type: 'device-lost', at: now(), device: 'microphone', essential: false }));
  }
}

/** MediaRecorder's options: the type, a key frame every 2 s, and the bitrate of the chosen quality. */
function recorderOptions(mimeType: string, wanted: RecordingSettings): MediaRecorderOptions {
  return {
    mimeType,
    videoKeyFrameIntervalDuration: keyFrameIntervalMs,
    ...(wanted.quality ? { videoBitsPerSecond: videoBitsPerSecond(wanted.quality) } : {}),
  } as MediaRecorderOptions;
}

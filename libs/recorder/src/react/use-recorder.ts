import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { RecordingSettings } from '../capture/settings.ts';
import { elapsedMs } from '../machine.ts';
import { createRecorder, type Recorder, type RecorderOptions } from '../recorder.ts';
import type { SinkStatus } from '../sink-pipeline.ts';

/** The recorder's controls (see Recorder), with its state as React state. */
export interface UseRecorder extends Pick<
  Recorder,
  | 'state'
  | 'start'
  | 'stop'
  | 'skipCountdown'
  | 'pause'
  | 'resume'
  | 'microphoneLevel'
  | 'liveStream'
  | 'screenStream'
  | 'dismiss'
> {
  /** Milliseconds recorded (pauses left out), refreshed while recording. */
  readonly elapsedMs: number;
  /** The recording's sinks (the collector first) and how far behind each one is. */
  readonly sinks: readonly SinkStatus[];
}

const tickMs = 250;

/**
 * One recorder per component. Options are read once, when the recorder is created. The screen,
 * microphone and AudioContext are released when the component unmounts.
 */
export function useRecorder(options?: RecorderOptions): UseRecorder {
  const [recorder] = useState<Recorder>(() => createRecorder(options));
  const state = useSyncExternalStore(
    recorder.on,
    () => recorder.state,
    () => recorder.state,
  );
  const sinks = useSyncExternalStore(
    recorder.onSinks,
    () => recorder.sinks,
    () => recorder.sinks,
  );
  const [now] = useState(() => options?.now ?? Date.now);
  const [clock, setClock] = useState(() => now());

  useEffect(() => () => recorder.dispose(), [recorder]);

  useEffect(() => {
    // No setClock here: until the first tick, elapsedMs counts from startedAt (the max below).
    if (state.status !== 'recording') return;
    const timer = setInterval(() => setClock(now()), tickMs);
    return () => clearInterval(timer);
  }, [state.status, now]);

  return {
    state,
    sinks,
    elapsedMs: elapsedMs(state, state.status === 'recording' ? Math.max(clock, state.startedAt) : clock),
    start: useCallback((settings?: RecordingSettings) => recorder.start(settings), [recorder]),
    stop: useCallback(() => recorder.stop(), [recorder]),
    skipCountdown: useCallback(() => recorder.skipCountdown(), [recorder]),
    pause: useCallback(() => recorder.pause(), [recorder]),
    resume: useCallback(() => recorder.resume(), [recorder]),
    microphoneLevel: useCallback(() => recorder.microphoneLevel(), [recorder]),
    liveStream: useCallback(() => recorder.liveStream(), [recorder]),
    screenStream: useCallback(() => recorder.screenStream(), [recorder]),
    dismiss: useCallback(() => recorder.dismiss(), [recorder]),
  };
}

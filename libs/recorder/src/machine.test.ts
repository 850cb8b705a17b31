import { describe, expect, it } from 'vitest';
import { elapsedMs, initialState, transition, type RecorderEvent, type RecorderState } from './machine.ts';
import { messages } from './messages.ts';

const blob = new Blob(['webm bytes'], { type: 'video/webm' });
const mimeType = 'video/webm;codecs=vp9,opus';

const states = {
  idle: initialState,
  idleWithNotice: { status: 'idle', notice: 'denied' },
  acquiring: { status: 'acquiring' },
  countdown: { status: 'countdown', remaining: 3 },
  countdownDone: { status: 'countdown', remaining: 0 },
  recording: { status: 'recording', startedAt: 1_000, mimeType, audio: 'screen+microphone' },
  paused: { status: 'paused', startedAt: 1_000, pausedAt: 3_000, mimeType, audio: 'screen+microphone' },
  stopping: {
    status: 'stopping',
    startedAt: 1_000,
    stoppedAt: 4_000,
    mimeType,
    audio: 'screen+microphone',
    reason: 'user',
  },
  stopped: {
    status: 'stopped',
    recording: { blob, mimeType, durationMs: 3_000 },
    audio: 'screen+microphone',
    reason: 'user',
  },
  error: { status: 'error', message: 'boom' },
} satisfies Record<string, RecorderState>;

const events = {
  start: { type: 'start' },
  started: { type: 'started', at: 2_000, mimeType, audio: 'screen' },
  denied: { type: 'denied', message: 'You said no' },
  failed: { type: 'failed', message: 'No screen' },
  stop: { type: 'stop', at: 5_000 },
  shareEnded: { type: 'share-ended', at: 6_000 },
  recorderError: { type: 'recorder-error', at: 7_000, message: 'encoder died' },
  recorderStopped: { type: 'recorder-stopped', at: 8_000, blob },
  dismiss: { type: 'dismiss' },
  acquired: { type: 'acquired', countdown: 3 },
  acquiredNoCountdown: { type: 'acquired', countdown: 0 },
  tick: { type: 'countdown-tick' },
  skip: { type: 'skip-countdown' },
  pause: { type: 'pause', at: 3_000 },
  resume: { type: 'resume', at: 6_000 },
  limitReached: { type: 'limit-reached', at: 9_000 },
  microphoneLost: { type: 'device-lost', at: 4_500, device: 'microphone', essential: false },
  cameraLost: { type: 'device-lost', at: 4_500, device: 'camera', essential: true },
  silent: { type: 'microphone-silent' },
  optionalSinkFailed: {
    type: 'sink-failed',
    at: 6_500,
    name: 'upload',
    required: false,
    message: 'The upload stopped.',
  },
  requiredSinkFailed: {
    type: 'sink-failed',
    at: 6_500,
    name: 'spool',
    required: true,
    message: 'The recording stopped.',
  },
} satisfies Record<string, RecorderEvent>;

type StateName = keyof typeof states;
type EventName = keyof typeof events;

/** Every legal transition; any (state, event) pair not listed must leave the state untouched. */
const legal: Partial<Record<StateName, Partial<Record<EventName, true>>>> = {
  idle: { start: true },
  idleWithNotice: { start: true, dismiss: true },
  acquiring: { acquired: true, acquiredNoCountdown: true, denied: true, failed: true },
  countdown: {
    tick: true,
    skip: true,
    stop: true,
    shareEnded: true,
    failed: true,
    microphoneLost: true,
    cameraLost: true,
  },
  countdownDone: { started: true, stop: true, shareEnded: true, failed: true, microphoneLost: true, cameraLost: true },
  recording: {
    stop: true,
    shareEnded: true,
    recorderError: true,
    recorderStopped: true,
    optionalSinkFailed: true,
    requiredSinkFailed: true,
    pause: true,
    limitReached: true,
    microphoneLost: true,
    cameraLost: true,
    silent: true,
  },
  paused: {
    stop: true,
    shareEnded: true,
    recorderError: true,
    recorderStopped: true,
    optionalSinkFailed: true,
    requiredSinkFailed: true,
    resume: true,
    microphoneLost: true,
    cameraLost: true,
    silent: true,
  },
  stopping: { recorderStopped: true, optionalSinkFailed: true, requiredSinkFailed: true },
  stopped: { start: true, optionalSinkFailed: true, requiredSinkFailed: true },
  error: { start: true, dismiss: true },
};

describe('transition: the legal moves', () => {
  it('idle → acquiring on start, asking for the media', () => {
    expect(transition(states.idle, events.start)).toEqual([{ status: 'acquiring' }, [{ type: 'acquire-media' }]]);
  });

  it('a new recording can start after a stop, after an error and after a denied permission', () => {
    for (const from of [states.stopped, states.error, states.idleWithNotice]) {
      expect(transition(from, events.start)).toEqual([{ status: 'acquiring' }, [{ type: 'acquire-media' }]]);
    }
  });

  it('acquiring → countdown(0) → recording when MediaRecorder started, remembering the clock, type and audio', () => {
    expect(transition(states.acquiring, events.acquiredNoCountdown)).toEqual([
      states.countdownDone,
      [{ type: 'start-recorder' }],
    ]);
    expect(transition(states.countdownDone, events.started)).toEqual([
      { status: 'recording', startedAt: 2_000, mimeType, audio: 'screen' },
      [],
    ]);
  });

  it('a denied permission returns to idle with the message for the person', () => {
    expect(transition(states.acquiring, events.denied)).toEqual([{ status: 'idle', notice: 'You said no' }, []]);
  });

  it('any other capture failure is an error with its message', () => {
    expect(transition(states.acquiring, events.failed)).toEqual([{ status: 'error', message: 'No screen' }, []]);
  });

  it('Stop Recording stops the recorder and releases every track', () => {
    expect(transition(states.recording, events.stop)).toEqual([
      { ...states.stopping, stoppedAt: 5_000, reason: 'user' },
      [{ type: 'stop-recorder' }, { type: 'release-media' }],
    ]);
  });

  it("ending the share from the browser's bar stops the recording the same way", () => {
    expect(transition(states.recording, events.shareEnded)).toEqual([
      { ...states.stopping, stoppedAt: 6_000, reason: 'share-ended' },
      [{ type: 'stop-recorder' }, { type: 'release-media' }],
    ]);
  });

  it('a MediaRecorder error stops too, keeping the message and (later) the recorded chunks', () => {
    const [next, effects] = transition(states.recording, events.recorderError);
    expect(next).toEqual({ ...states.stopping, stoppedAt: 7_000, reason: 'error', notice: 'encoder died' });
    expect(effects).toEqual([{ type: 'stop-recorder' }, { type: 'release-media' }]);
    const [stopped] = transition(next, events.recorderStopped);
    expect(stopped).toMatchObject({ status: 'stopped', reason: 'error', notice: 'encoder died', recording: { blob } });
  });

  it('stopping → stopped when the last chunk arrived, with the duration between start and Stop', () => {
    expect(transition(states.stopping, events.recorderStopped)).toEqual([
      {
        status: 'stopped',
        recording: { blob, mimeType, durationMs: 3_000 },
        audio: 'screen+microphone',
        reason: 'user',
      },
      [],
    ]);
  });

  it('a MediaRecorder that stops by itself keeps its recording and releases the media', () => {
    expect(transition(states.recording, events.recorderStopped)).toEqual([
      {
        status: 'stopped',
        recording: { blob, mimeType, durationMs: 7_000 },
        audio: 'screen+microphone',
        reason: 'recorder-ended',
      },
      [{ type: 'release-media' }],
    ]);
  });

  it('a recording that ended with no bytes (Stop before the first frame) is an error that says so, not an empty video', () => {
    const empty = { ...events.recorderStopped, blob: new Blob([], { type: 'video/webm' }) };
    const nothing = { status: 'error', message: messages.nothingRecorded };
    expect(transition(states.stopping, empty)).toEqual([nothing, []]);
    expect(transition(states.recording, empty)).toEqual([nothing, [{ type: 'release-media' }]]);
    // And a new recording can start from there.
    expect(transition(nothing as RecorderState, events.start)[0]).toEqual(states.acquiring);
  });

  it('an optional sink failing is only reported: the recording goes on, nothing is stopped', () => {
    expect(transition(states.recording, events.optionalSinkFailed)).toEqual([
      { ...states.recording, sinkFailures: [{ name: 'upload', message: 'The upload stopped.' }] },
      [],
    ]);
  });

  it('a required sink failing stops the recording like an error: tracks released, what was recorded kept', () => {
    const [next, effects] = transition(states.recording, events.requiredSinkFailed);
    expect(next).toEqual({
      ...states.stopping,
      stoppedAt: 6_500,
      reason: 'sink-failed',
      notice: 'The recording stopped.',
      sinkFailures: [{ name: 'spool', message: 'The recording stopped.' }],
    });
    expect(effects).toEqual([{ type: 'stop-recorder' }, { type: 'release-media' }]);
    const [stopped] = transition(next, events.recorderStopped);
    expect(stopped).toMatchObject({
      status: 'stopped',
      reason: 'sink-failed',
      notice: 'The recording stopped.',
      recording: { blob },
    });
  });

  it('sink failures are kept through stopping into stopped, and recorded when they come after Stop', () => {
    const [recording] = transition(states.recording, events.optionalSinkFailed);
    const [stopping] = transition(recording, events.stop);
    const [stillStopping] = transition(stopping, events.requiredSinkFailed);
    expect(stillStopping).toMatchObject({ reason: 'user', notice: 'The recording stopped.' });
    const [stopped] = transition(stillStopping, events.recorderStopped);
    expect(stopped).toMatchObject({
      status: 'stopped',
      reason: 'user',
      sinkFailures: [
        { name: 'upload', message: 'The upload stopped.' },
        { name: 'spool', message: 'The recording stopped.' },
      ],
    });
    const [late] = transition(states.stopped, events.optionalSinkFailed);
    expect(late).toEqual({ ...states.stopped, sinkFailures: [{ name: 'upload', message: 'The upload stopped.' }] });
  });

  it('an optional failure while stopping adds no notice; a MediaRecorder that ends by itself keeps the failures', () => {
    const [stopping] = transition(states.stopping, events.optionalSinkFailed);
    expect(stopping).not.toHaveProperty('notice');
    const [recording] = transition(states.recording, events.optionalSinkFailed);
    const [ended] = transition(recording, events.recorderStopped);
    expect(ended).toMatchObject({ reason: 'recorder-ended', sinkFailures: [{ name: 'upload' }] });
  });

  it('dismiss clears an error or a notice', () => {
    expect(transition(states.error, events.dismiss)).toEqual([{ status: 'idle' }, []]);
    expect(transition(states.idleWithNotice, events.dismiss)).toEqual([{ status: 'idle' }, []]);
  });
});

describe('transition: illegal events change nothing', () => {
  const pairs = (Object.keys(states) as StateName[]).flatMap((stateName) =>
    (Object.keys(events) as EventName[])
      .filter((eventName) => !legal[stateName]?.[eventName])
      .map((eventName) => [stateName, eventName] as const),
  );

  it('covers every pair not in the legal table', () => {
    expect(pairs.length).toBe(10 * 21 - 49); // 10 states × 21 events, 49 of them legal
  });

  it.each(pairs)('%s ignores %s', (stateName, eventName) => {
    const state = states[stateName];
    const [next, effects] = transition(state, events[eventName]);
    expect(next).toBe(state);
    expect(effects).toEqual([]);
  });

  it('every legal pair does change the state', () => {
    for (const [stateName, byEvent] of Object.entries(legal)) {
      for (const eventName of Object.keys(byEvent ?? {})) {
        const state = states[stateName as StateName];
        expect(transition(state, events[eventName as EventName])[0], `${stateName} + ${eventName}`).not.toBe(state);
      }
    }
  });
});

describe('elapsedMs', () => {
  it('counts while recording and freezes at Stop', () => {
    expect(elapsedMs(states.recording, 3_500)).toBe(2_500);
    expect(elapsedMs(states.stopping, 99_000)).toBe(3_000);
    expect(elapsedMs(states.stopped, 99_000)).toBe(3_000);
    expect(elapsedMs(states.idle, 99_000)).toBe(0);
  });

  it('never goes negative when the clock steps back', () => {
    expect(elapsedMs(states.recording, 500)).toBe(0);
  });
});

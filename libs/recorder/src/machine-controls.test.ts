/**
 * The machine's transitions for the recording controls: the countdown, pause and resume, stop while
 * paused, the maximum length, a device lost mid-recording and a silent microphone. The illegal
 * pairs of every state and event are covered in machine.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { elapsedMs, transition, type RecorderEvent, type RecorderState } from './machine.ts';

const blob = new Blob(['webm'], { type: 'video/webm' });
const mimeType = 'video/webm;codecs=vp9,opus';
const recording: RecorderState = { status: 'recording', startedAt: 1_000, mimeType, audio: 'screen+microphone' };

/** Runs events in order from `state`, returning the last state and every effect asked for. */
function run(state: RecorderState, ...events: RecorderEvent[]) {
  const effects: string[] = [];
  for (const event of events) {
    const [next, asked] = transition(state, event);
    state = next;
    effects.push(...asked.map((effect) => effect.type));
  }
  return { state, effects };
}

describe('countdown', () => {
  it('counts 3, 2, 1 a tick at a time, then starts MediaRecorder', () => {
    const seen: number[] = [];
    let state: RecorderState = { status: 'acquiring' };
    let [next, effects] = transition(state, { type: 'acquired', countdown: 3 });
    expect(effects).toEqual([{ type: 'schedule-tick' }]);
    state = next;
    while (state.status === 'countdown' && state.remaining > 0) {
      seen.push(state.remaining);
      [next, effects] = transition(state, { type: 'countdown-tick' });
      state = next;
      expect(effects).toEqual([
        { type: state.status === 'countdown' && state.remaining > 0 ? 'schedule-tick' : 'start-recorder' },
      ]);
    }
    expect(seen).toEqual([3, 2, 1]);
    expect(state).toEqual({ status: 'countdown', remaining: 0 });
    expect(transition(state, { type: 'started', at: 5_000, mimeType, audio: 'screen' })[0]).toEqual({
      status: 'recording',
      startedAt: 5_000,
      mimeType,
      audio: 'screen',
    });
  });

  it('a skip starts at once; a late tick then changes nothing', () => {
    const { state, effects } = run({ status: 'countdown', remaining: 2 }, { type: 'skip-countdown' });
    expect(state).toEqual({ status: 'countdown', remaining: 0 });
    expect(effects).toEqual(['start-recorder']);
    expect(transition(state, { type: 'countdown-tick' })[0]).toBe(state);
  });

  it('MediaRecorder cannot start before the countdown ends', () => {
    const state: RecorderState = { status: 'countdown', remaining: 1 };
    expect(transition(state, { type: 'started', at: 1, mimeType, audio: 'none' })[0]).toBe(state);
  });

  it('Stop or the end of the share during the countdown gives the capture up: idle, nothing recorded', () => {
    for (const event of [
      { type: 'stop', at: 1 },
      { type: 'share-ended', at: 1 },
    ] as const) {
      expect(transition({ status: 'countdown', remaining: 2 }, event)).toEqual([
        { status: 'idle' },
        [{ type: 'release-media' }],
      ]);
    }
  });

  it('a fractional countdown rounds up to whole seconds', () => {
    expect(transition({ status: 'acquiring' }, { type: 'acquired', countdown: 2.2 })[0]).toEqual({
      status: 'countdown',
      remaining: 3,
    });
  });
});

describe('pause and resume', () => {
  it('Pause pauses MediaRecorder and freezes the time recorded; Resume goes on from there', () => {
    const paused = run(recording, { type: 'pause', at: 3_000 });
    expect(paused.state).toEqual({ ...recording, status: 'paused', pausedAt: 3_000 });
    expect(paused.effects).toEqual(['pause-recorder']);
    expect(elapsedMs(paused.state, 9_999)).toBe(2_000);

    const resumed = run(paused.state, { type: 'resume', at: 6_000 });
    expect(resumed.state).toEqual({ ...recording, pausedMs: 3_000 });
    expect(resumed.effects).toEqual(['resume-recorder']);
    expect(elapsedMs(resumed.state, 7_000)).toBe(3_000);
  });

  it('the duration counts recorded time only, over several pauses', () => {
    const { state } = run(
      recording,
      { type: 'pause', at: 2_000 },
      { type: 'resume', at: 5_000 },
      { type: 'pause', at: 6_000 },
      { type: 'resume', at: 8_000 },
      { type: 'stop', at: 11_000 },
      { type: 'recorder-stopped', at: 11_100, blob },
    );
    // 1 s + 1 s + 3 s recorded; 3 s + 2 s paused.
    expect(state).toMatchObject({ status: 'stopped', reason: 'user', recording: { durationMs: 5_000 } });
  });

  it('Stop while paused ends at the pause: the pause is not recorded time', () => {
    const { state, effects } = run(recording, { type: 'pause', at: 4_000 }, { type: 'stop', at: 10_000 });
    expect(state).toMatchObject({ status: 'stopping', reason: 'user', stoppedAt: 10_000, pausedMs: 6_000 });
    expect(effects).toEqual(['pause-recorder', 'stop-recorder', 'release-media']);
    expect(elapsedMs(state, 99_999)).toBe(3_000);
    const [stopped] = transition(state, { type: 'recorder-stopped', at: 10_050, blob });
    expect(stopped).toMatchObject({ status: 'stopped', recording: { durationMs: 3_000 } });
  });

  it('the share ending while paused stops the same way', () => {
    const { state } = run(recording, { type: 'pause', at: 2_000 }, { type: 'share-ended', at: 5_000 });
    expect(state).toMatchObject({ status: 'stopping', reason: 'share-ended', pausedMs: 3_000 });
  });

  it('pause twice or resume while recording changes nothing', () => {
    const [paused] = transition(recording, { type: 'pause', at: 2_000 });
    expect(transition(paused, { type: 'pause', at: 3_000 })[0]).toBe(paused);
    expect(transition(recording, { type: 'resume', at: 3_000 })[0]).toBe(recording);
  });
});

describe('maximum length', () => {
  it('stops the recording with reason max-length, keeping it', () => {
    const { state, effects } = run(
      recording,
      { type: 'limit-reached', at: 61_000 },
      {
        type: 'recorder-stopped',
        at: 61_050,
        blob,
      },
    );
    expect(effects).toEqual(['stop-recorder', 'release-media']);
    expect(state).toMatchObject({ status: 'stopped', reason: 'max-length', recording: { durationMs: 60_000 } });
  });
});

describe('a device lost mid-recording', () => {
  it('the microphone: the recording goes on without it and remembers it, through to stopped', () => {
    const { state, effects } = run(
      recording,
      { type: 'device-lost', at: 2_000, device: 'microphone', essential: false },
      { type: 'device-lost', at: 2_100, device: 'microphone', essential: false },
      { type: 'stop', at: 4_000 },
      { type: 'recorder-stopped', at: 4_100, blob },
    );
    expect(effects).toEqual(['stop-recorder', 'release-media']);
    expect(state).toMatchObject({ status: 'stopped', reason: 'user', lostDevices: ['microphone'] });
  });

  it('the camera recorded alone: the recording stops, keeping what it has', () => {
    const { state, effects } = run(recording, { type: 'device-lost', at: 3_000, device: 'camera', essential: true });
    expect(effects).toEqual(['stop-recorder', 'release-media']);
    expect(state).toMatchObject({
      status: 'stopping',
      reason: 'device-lost',
      stoppedAt: 3_000,
      lostDevices: ['camera'],
    });
  });

  it('while paused, the same', () => {
    const { state } = run(
      recording,
      { type: 'pause', at: 2_000 },
      { type: 'device-lost', at: 3_000, device: 'microphone', essential: false },
    );
    expect(state).toMatchObject({ status: 'paused', lostDevices: ['microphone'] });
  });

  it('during the countdown: a lost microphone is noted and kept into the recording', () => {
    const { state } = run(
      { status: 'countdown', remaining: 2 },
      { type: 'device-lost', at: 1, device: 'microphone', essential: false },
      { type: 'skip-countdown' },
      { type: 'started', at: 10, mimeType, audio: 'screen' },
    );
    expect(state).toMatchObject({ status: 'recording', lostDevices: ['microphone'] });
  });
});

describe('a silent microphone', () => {
  it('is noted once and kept into stopped', () => {
    const { state } = run(
      recording,
      { type: 'microphone-silent' },
      { type: 'stop', at: 3_000 },
      { type: 'recorder-stopped', at: 3_100, blob },
    );
    expect(state).toMatchObject({ status: 'stopped', microphoneSilent: true });
    const [silent] = transition(recording, { type: 'microphone-silent' });
    expect(transition(silent, { type: 'microphone-silent' })[0]).toBe(silent);
  });
});

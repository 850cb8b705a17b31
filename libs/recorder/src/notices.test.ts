import { describe, expect, it } from 'vitest';
import type { RecorderState } from './machine.ts';
import { describeAudio, messages } from './messages.ts';
import { deviceNotices, formatMinutes, limitText, recorderNotices } from './notices.ts';

const running = { startedAt: 0, mimeType: 'video/webm', audio: 'screen+microphone' } as const;

describe('recorderNotices', () => {
  it("says why a start failed (dismissible), what audio is missing while recording, and a stopped recording's notice", () => {
    expect(recorderNotices({ status: 'idle' })).toEqual([]);
    expect(recorderNotices({ status: 'idle', notice: 'denied' })).toEqual([{ message: 'denied', dismissible: true }]);
    expect(recorderNotices({ status: 'error', message: 'broken' })).toEqual([{ message: 'broken', dismissible: true }]);
    expect(recorderNotices({ status: 'recording', ...running, audio: 'screen' })).toEqual([
      { message: describeAudio('screen'), dismissible: false },
    ]);
    const blob = new Blob();
    const stopped = { status: 'stopped', recording: { blob }, audio: 'none', reason: 'error' } as RecorderState;
    expect(recorderNotices({ ...stopped, notice: 'kept' } as RecorderState)).toEqual([
      { message: 'kept', dismissible: false },
    ]);
    expect(recorderNotices(stopped)).toEqual([{ message: describeAudio('none'), dismissible: false }]);
  });

  it("adds each failed sink's sentence once, after the recorder's own", () => {
    const sinkFailures = [
      { name: 'upload', message: 'The upload failed.' },
      { name: 'local copy', message: 'The local copy stopped.' },
    ];
    const stopped = { status: 'stopped', recording: {}, audio: 'screen+microphone', reason: 'sink-failed' };
    // The required sink's failure is the recorder's notice already: said once.
    const state = { ...stopped, notice: 'The upload failed.', sinkFailures } as unknown as RecorderState;
    expect(recorderNotices(state).map((n) => n.message)).toEqual(['The upload failed.', 'The local copy stopped.']);
    const stopping: RecorderState = {
      status: 'stopping',
      ...running,
      audio: 'microphone',
      stoppedAt: 5,
      reason: 'user',
    };
    expect(recorderNotices({ ...stopping, sinkFailures: sinkFailures.slice(1) }).map((n) => n.message)).toEqual([
      describeAudio('microphone'),
      'The local copy stopped.',
    ]);
  });
});

describe('deviceNotices', () => {
  it('lists the length warning, a silent or lost microphone, a lost camera, and a stop at the maximum length', () => {
    expect(deviceNotices({ status: 'idle' }, null)).toEqual([]);
    expect(
      deviceNotices(
        { status: 'recording', ...running, microphoneSilent: true, lostDevices: ['microphone', 'camera'] },
        'soon',
      ),
    ).toEqual(['soon', messages.microphoneSilent, messages.microphoneLost, messages.cameraLost]);
    const stoppedBy = (reason: 'device-lost' | 'max-length') =>
      ({
        status: 'stopped',
        recording: {},
        audio: 'none',
        reason,
        lostDevices: ['camera'],
      }) as unknown as RecorderState;
    expect(deviceNotices(stoppedBy('device-lost'), null)).toEqual([messages.cameraLostStopped]);
    expect(deviceNotices(stoppedBy('max-length'), null, 30 * 60_000)).toEqual([
      messages.cameraLost,
      messages.maxLengthReached('30:00'),
    ]);
    expect(deviceNotices(stoppedBy('max-length'), null)).toEqual([messages.cameraLost]);
  });
});

describe('formatMinutes and limitText', () => {
  it('reads minutes, and hours past an hour', () => {
    expect(formatMinutes(30 * 60_000)).toBe('30:00');
    expect(formatMinutes(90_500)).toBe('1:31');
    expect(formatMinutes(90 * 60_000)).toBe('1:30:00');
    expect(limitText(5 * 60_000)).toBe('Recordings stop by themselves after 5:00.');
    expect(limitText(undefined)).toBeUndefined();
  });
});

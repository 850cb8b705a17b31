import { describe, expect, it } from 'vitest';
import { describeAudio, describeCameraError, describeCaptureError, messages } from './messages.ts';

describe('describeCaptureError', () => {
  it('a refused or cancelled screen share is "denied" with a next step', () => {
    expect(describeCaptureError(new DOMException('Permission denied', 'NotAllowedError'))).toEqual({
      kind: 'denied',
      message: messages.screenDenied,
    });
    expect(describeCaptureError(new DOMException('insecure', 'SecurityError')).kind).toBe('denied');
  });

  it('other failures are errors a person can read', () => {
    expect(describeCaptureError(new DOMException('busy', 'NotReadableError'))).toEqual({
      kind: 'failed',
      message: messages.screenUnreadable,
    });
    expect(describeCaptureError(new DOMException('x', 'NotSupportedError')).message).toBe(messages.unsupported);
    expect(describeCaptureError(new Error('odd')).message).toBe('The recording could not start (odd).');
    expect(describeCaptureError('nothing useful').message).toBe('The recording could not start.');
  });
});

describe('describeCameraError', () => {
  it('a camera refused is "denied" by the same names as the screen; anything else is unavailable', () => {
    for (const name of ['NotAllowedError', 'SecurityError', 'PermissionDeniedError']) {
      expect(describeCameraError(new DOMException('no', name))).toEqual({
        kind: 'denied',
        message: messages.cameraDenied,
      });
      expect(describeCaptureError(new DOMException('no', name)).kind).toBe('denied');
    }
    expect(describeCameraError(new DOMException('busy', 'NotReadableError'))).toEqual({
      kind: 'failed',
      message: messages.cameraUnavailable,
    });
    expect(describeCameraError('nothing useful').kind).toBe('failed');
  });
});

describe('describeAudio', () => {
  it('is silent when both sources are recorded and explains any missing one', () => {
    expect(describeAudio('screen+microphone')).toBeNull();
    expect(describeAudio('screen')).toMatch(/microphone is not being recorded/);
    expect(describeAudio('microphone')).toMatch(/screen has no audio/);
    expect(describeAudio('none')).toMatch(/No audio is being recorded/);
  });
});

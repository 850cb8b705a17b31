import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { retryVideoCall, TRANSIENT_CODES } from './retry-video-call';

describe('retryVideoCall', () => {
  it("names Connect's transient codes by their numbers", () => {
    expect([...TRANSIENT_CODES].sort()).toEqual(
      [Code.Unavailable, Code.DeadlineExceeded, Code.ResourceExhausted, Code.Aborted].sort(),
    );
  });

  it('retries transient failures twice', () => {
    const error = new ConnectError('down', Code.Unavailable);
    expect([0, 1, 2].map((n) => retryVideoCall(n, error))).toEqual([true, true, false]);
    expect(retryVideoCall(0, new ConnectError('', Code.DeadlineExceeded))).toBe(true);
  });

  it('never retries answers that will not change', () => {
    for (const code of [
      Code.NotFound,
      Code.PermissionDenied,
      Code.Unauthenticated,
      Code.InvalidArgument,
      Code.Internal,
    ]) {
      expect(retryVideoCall(0, new ConnectError('', code))).toBe(false);
    }
  });

  it('never retries what is not a Connect failure (a bug in the page, an abort)', () => {
    expect(retryVideoCall(0, new TypeError('x is undefined'))).toBe(false);
    expect(retryVideoCall(0, Object.assign(new Error('aborted'), { name: 'AbortError', code: Code.Unavailable }))).toBe(
      false,
    );
    expect(retryVideoCall(0, 'down')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { isClientGone } from './client-gone';

const failure = (code: string, syscall?: string) => Object.assign(new Error(code), { code, syscall });

describe('isClientGone', () => {
  it('counts a write that met a closed connection, or any of those codes once the socket is closed', () => {
    expect(isClientGone(failure('EPIPE', 'sendfile'))).toBe(true);
    expect(isClientGone(failure('ECONNRESET', 'write'))).toBe(true);
    expect(isClientGone(new Error('wrapped', { cause: failure('EPIPE', 'writev') }))).toBe(true);
    expect(isClientGone(failure('ERR_STREAM_PREMATURE_CLOSE'), { destroyed: true })).toBe(true);
  });

  it('keeps real failures: a reset while reading elsewhere (S3, a webhook), a full disk, a bug', () => {
    expect(isClientGone(failure('ECONNRESET', 'read'))).toBe(false);
    expect(isClientGone(failure('ERR_STREAM_PREMATURE_CLOSE'), { destroyed: false })).toBe(false);
    expect(isClientGone(failure('ENOSPC', 'write'), { destroyed: true })).toBe(false);
    expect(isClientGone(new TypeError('undefined is not a function'), { destroyed: true })).toBe(false);
    expect(isClientGone(undefined)).toBe(false);
  });
});

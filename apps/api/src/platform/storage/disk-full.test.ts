import { describe, expect, it } from 'vitest';
import { isDiskFull } from './disk-full';

describe('a disk without room', () => {
  it('is ENOSPC or EDQUOT, PostgreSQL disk_full, or ffmpeg saying so, also when wrapped', () => {
    expect(isDiskFull(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('write'), { code: 'EDQUOT' }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(true);
    expect(isDiskFull(new Error('ffmpeg exited with 1: av_interleaved_write_frame(): No space left on device'))).toBe(
      true,
    );
    expect(isDiskFull(new Error('Database migration failed', { cause: { code: 'ENOSPC' } }))).toBe(true);
  });

  it('is nothing else', () => {
    expect(isDiskFull(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('busy'), { code: '57P01' }))).toBe(false);
    expect(isDiskFull(undefined)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { bytesLabel, megabytesToBytes } from './bytes-label';

describe('bytes in words', () => {
  it('uses decimal units, as quotas are set', () => {
    expect([0, 999, 1000, 4_915_200, 3_000_000, 12_345_678_901n].map(bytesLabel)).toEqual([
      '0 bytes',
      '999 bytes',
      '1.0 kB',
      '4.9 MB',
      '3.0 MB',
      '12 GB',
    ]);
  });

  it('reads a quota typed in MB, and nothing else', () => {
    expect(megabytesToBytes('3')).toBe(3_000_000n);
    expect(megabytesToBytes(' 2.5 ')).toBe(2_500_000n);
    expect(['', '-1', 'ten', '1e3', '1,5'].map(megabytesToBytes)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

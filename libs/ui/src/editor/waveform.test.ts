import { describe, expect, it } from 'vitest';
import { peaks } from './waveform';

describe('waveform peaks', () => {
  it('finds the loudest part of each share of the samples', () => {
    const samples = new Float32Array(3200);
    samples.fill(0.1, 0, 1600);
    samples.fill(-0.8, 1600, 3200);
    expect(peaks(samples, 2).map((p) => Number(p.toFixed(2)))).toEqual([0.1, 0.8]);
    expect(peaks(samples, 4)).toHaveLength(4);
  });

  it('is empty without samples, and never above 1', () => {
    expect(peaks([], 10)).toEqual([]);
    expect(peaks([5, -7], 1)).toEqual([1]);
  });
});

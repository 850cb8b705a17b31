import { describe, expect, it } from 'vitest';
import { startTimeOf } from './start-time';

describe('startTimeOf', () => {
  it('reads ?t= as seconds, and nothing from what is not a positive number', () => {
    expect(startTimeOf(4)).toBe(4);
    expect(startTimeOf('12.5')).toBe(12.5);
    for (const bad of [undefined, '', 'abc', -3, 0, 'Infinity', {}]) expect(startTimeOf(bad)).toBeUndefined();
  });
});

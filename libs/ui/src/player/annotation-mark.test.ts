import { describe, expect, it } from 'vitest';
import { type AnnotationMark, colorOf, overlaysAt } from './annotation-mark';

const mark = (patch: Partial<AnnotationMark>): AnnotationMark => ({
  kind: 'box',
  from: 1,
  to: 4,
  x: 10,
  y: 10,
  width: 20,
  height: 20,
  text: '',
  color: '',
  ...patch,
});

describe('overlaysAt', () => {
  it('shows a mark from its start up to, not at, its end', () => {
    const box = mark({});
    expect(overlaysAt([box], 0.99)).toEqual([]);
    expect(overlaysAt([box], 1)).toEqual([box]);
    expect(overlaysAt([box], 3.99)).toEqual([box]);
    expect(overlaysAt([box], 4)).toEqual([]);
  });

  it('never draws blur: it is in the pixels', () => {
    const text = mark({ kind: 'text', text: 'Hi' });
    expect(overlaysAt([mark({ kind: 'blur' }), text], 2)).toEqual([text]);
  });
});

describe('colorOf', () => {
  it('is the default red unless the mark has a #rrggbb colour', () => {
    expect(colorOf({ color: '' })).toBe('#ef4444');
    expect(colorOf({ color: 'red;fill:url(x)' })).toBe('#ef4444');
    expect(colorOf({ color: '#22C55E' })).toBe('#22C55E');
  });
});

import { describe, expect, it } from 'vitest';
import { currentLineIndex, toSrt, toTxt, toVtt } from './transcript-formats';

const lines = [
  { start: 0.5, end: 3.5, text: 'Welcome  to the walkthrough.' },
  { start: 4, end: 3725.25, text: 'A long --> line' },
];

describe('transcript files', () => {
  it('writes WebVTT, SubRip and plain text', () => {
    expect(toVtt(lines)).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:03.500\nWelcome to the walkthrough.\n\n00:00:04.000 --> 01:02:05.250\nA long → line\n',
    );
    expect(toSrt(lines)).toBe(
      '1\n00:00:00,500 --> 00:00:03,500\nWelcome to the walkthrough.\n\n2\n00:00:04,000 --> 01:02:05,250\nA long --> line\n',
    );
    expect(toTxt(lines)).toBe('Welcome to the walkthrough.\nA long --> line\n');
  });

  it('finds the line playing at a time', () => {
    expect(currentLineIndex(lines, 0)).toBe(-1);
    expect(currentLineIndex(lines, 1)).toBe(0);
    expect(currentLineIndex(lines, 3.8)).toBe(0);
    expect(currentLineIndex(lines, 4)).toBe(1);
  });
});

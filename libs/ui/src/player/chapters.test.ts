import { describe, expect, it } from 'vitest';
import { chaptersFromDescription, mergeChapters } from './chapters';

describe('chapters', () => {
  it('reads description lines that start with a time', () => {
    const description =
      'A walkthrough.\n0:00 Intro\n1:23 - Here is the bug\n  12:05 The fix\n1:02:03 Outro\n9:99 nope\nno time';
    expect(chaptersFromDescription(description)).toEqual([
      { seconds: 0, title: 'Intro' },
      { seconds: 83, title: 'Here is the bug' },
      { seconds: 725, title: 'The fix' },
      { seconds: 3723, title: 'Outro' },
    ]);
  });

  it('merges stored and described chapters in order, within the video, one per moment', () => {
    const merged = mergeChapters(
      [
        { seconds: 42, title: 'Here is the bug' },
        { seconds: 5, title: 'Start' },
      ],
      [
        { seconds: 42.2, title: 'Duplicate' },
        { seconds: 90, title: 'Past the end' },
      ],
      60,
    );
    expect(merged).toEqual([
      { seconds: 5, title: 'Start' },
      { seconds: 42, title: 'Here is the bug' },
    ]);
  });
});

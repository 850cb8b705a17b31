import type { ReadLine } from '../../platform/media/ocr';
import type { Sighting } from './merge-sightings';
import { findSensitive } from './sensitive-patterns';

/**
 * The sensitive pieces of one frame's lines: each line's words joined by spaces are matched, and a
 * match's box covers the words it touches.
 */
export function sightingsInLines(frame: number, lines: ReadLine[]): Sighting[] {
  return lines.flatMap((words) => {
    const spans: { start: number; end: number }[] = [];
    let text = '';
    for (const word of words) {
      if (text) text += ' ';
      spans.push({ start: text.length, end: text.length + word.text.length });
      text += word.text;
    }
    return findSensitive(text).map((match) => {
      const touched = words.filter((_, index) => spans[index]!.start < match.end && match.start < spans[index]!.end);
      return {
        frame,
        kind: match.kind,
        text: match.text,
        box: {
          left: Math.min(...touched.map((w) => w.left)),
          top: Math.min(...touched.map((w) => w.top)),
          right: Math.max(...touched.map((w) => w.left + w.width)),
          bottom: Math.max(...touched.map((w) => w.top + w.height)),
        },
      };
    });
  });
}

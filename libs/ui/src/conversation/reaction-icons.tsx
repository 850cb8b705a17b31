import type { ReactNode } from 'react';
import { LineIcon } from '../primitives';

// Drawn as inline SVG: Debian's Chromium without an emoji font draws most emoji as empty boxes,
// and a path needs no font. The button around an icon keeps the emoji in its name.
const shapes: Record<string, ReactNode> = {
  '👍': (
    <>
      <path d="M7 10v11H3V10z" />
      <path d="M7 10l4-8a3 3 0 0 1 3 3v4h6a2 2 0 0 1 2 2l-2 8a2 2 0 0 1-2 2H7" />
    </>
  ),
  '❤️': <path d="M12 21s-8-5.5-8-11a4.5 4.5 0 0 1 8-3 4.5 4.5 0 0 1 8 3c0 5.5-8 11-8 11z" />,
  '😂': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M7 9.5l2 1-2 1M17 9.5l-2 1 2 1M7.5 14h9a4.5 4.5 0 0 1-9 0z" />
    </>
  ),
  '😮': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9.5h.01M15 9.5h.01" />
      <circle cx="12" cy="15.5" r="2" />
    </>
  ),
  '🎉': (
    <>
      <path d="M3 21l5-14 9 9z" />
      <path d="M14 3v2M19 8h2M17.5 4.5L16 6M12 8c1-2 1-3 0-4M16 12c2-1 3-1 4 0" />
    </>
  ),
  '🙌': (
    <>
      <path d="M7 21v-4l-3-5V6a1.5 1.5 0 0 1 3 0v5M7 11V4a1.5 1.5 0 0 1 3 0v8l1 3v6" />
      <path d="M17 21v-4l3-5V6a1.5 1.5 0 0 0-3 0v5M17 11V4a1.5 1.5 0 0 0-3 0v8l-1 3v6" />
    </>
  ),
  '🤔': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9.5h.01M15 9.5h.01M9 16l6-1.5" />
    </>
  ),
  '👀': (
    <>
      <ellipse cx="8" cy="12" rx="4" ry="6" />
      <ellipse cx="16" cy="12" rx="4" ry="6" />
      <path d="M9 13h.01M17 13h.01" strokeWidth="3" />
    </>
  ),
};

/** The reaction's icon; a plain dot for an emoji this app has no drawing of. */
export function ReactionIcon({ emoji }: { emoji: string }) {
  return <LineIcon>{shapes[emoji] ?? <circle cx="12" cy="12" r="3" />}</LineIcon>;
}

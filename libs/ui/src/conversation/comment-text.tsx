import type { ReactNode } from 'react';

const LINK = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/**
 * A comment's text as text: http(s) addresses become links that open in a new tab without handing
 * it this page (rel=noopener noreferrer); nothing else is ever read as markup.
 */
export function CommentText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(
      <a key={match.index} href={match[0]} target="_blank" rel="noopener noreferrer" className="link">
        {match[0]}
      </a>,
    );
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <p className="whitespace-pre-wrap break-words">{parts}</p>;
}

import { Fragment } from 'react';

/** The words of a search, as the server splits them: runs of letters and digits, lower-cased. */
export function searchWords(query: string): string[] {
  return query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * `text` with the words that start with one of `words` marked (the server matches each search
 * word as a prefix of a word).
 */
export function Highlight({ text, words }: { text: string; words: string[] }) {
  if (words.length === 0) return <>{text}</>;
  const parts = text.split(/([\p{L}\p{N}]+)/u);
  return (
    <>
      {parts.map((part, index) => {
        const match = words.find((word) => part.toLowerCase().startsWith(word));
        if (!match || index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
        return (
          <Fragment key={index}>
            <mark className="bg-warning/40 text-inherit rounded-sm">{part.slice(0, match.length)}</mark>
            {part.slice(match.length)}
          </Fragment>
        );
      })}
    </>
  );
}

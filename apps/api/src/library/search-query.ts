/** At most this many words of a search count; more say nothing a person means. */
export const MAX_SEARCH_WORDS = 10;

/**
 * The words of what a person typed, lower-cased: runs of letters and digits in any script (the
 * 'simple' text search configuration splits text the same way, so every word can match).
 */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}

/**
 * A tsquery finding videos with every word, each also as a prefix ("recor" finds "recording");
 * undefined when there is no word to look for. Words are letters and digits only, so nothing in
 * them is tsquery syntax.
 */
export function prefixTsquery(text: string): string | undefined {
  const words = searchWords(text);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

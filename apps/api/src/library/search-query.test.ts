import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORDS, prefixTsquery, searchWords } from './search-query';

describe('prefixTsquery', () => {
  it('makes every word a prefix, all of them required', () => {
    expect(prefixTsquery('Recor  Demo')).toBe('recor:* & demo:*');
  });

  it('keeps only letters and digits, in any script, so nothing is tsquery syntax', () => {
    expect(prefixTsquery("can't & !(x) | y:* 'z'")).toBe('can:* & t:* & x:* & y:* & z:*');
    expect(searchWords('Größe 2026 東京')).toEqual(['größe', '2026', '東京']);
  });

  it('has nothing to look for in punctuation or blanks', () => {
    expect(prefixTsquery('  !? ')).toBeUndefined();
    expect(prefixTsquery('')).toBeUndefined();
  });

  it(`counts at most ${MAX_SEARCH_WORDS} words`, () => {
    expect(searchWords('a b c d e f g h i j k l')).toHaveLength(MAX_SEARCH_WORDS);
  });
});

import type { TranscriptSegment, TranscriptWord } from './transcriber';

/** A caption line holds at most this many words or seconds, so lines stay readable. */
const LINE_WORDS = 12;
const LINE_SECONDS = 6;

const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?(?:e-?\d+)?)$/;

/**
 * Reads `pocketsphinx_continuous -time yes` output: per utterance, its text on a line of its own,
 * then one line per token, `word start end posterior` (the word's posterior probability, its
 * `confidence`). Tokens like `<s>`, `</s>`, `<sil>` and
 * `[NOISE]` are not words; `that(2)` is `that` said its second way. Each utterance becomes one
 * or more lines of at most LINE_WORDS words or LINE_SECONDS seconds.
 */
export function parsePocketsphinx(output: string): TranscriptSegment[] {
  const utterances: TranscriptWord[][] = [];
  let current: TranscriptWord[] = [];
  const close = () => {
    if (current.length) utterances.push(current);
    current = [];
  };
  for (const line of output.split('\n')) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) {
      close(); // an utterance's text line starts the next one
      continue;
    }
    const [, token, start, end, posterior] = match as unknown as [string, string, string, string, string];
    if (token === '</s>') close();
    if (/^[<[+]/.test(token)) continue;
    current.push({
      word: token.replace(/\(\d+\)$/, ''),
      start: Number(start),
      end: Number(end),
      // The word's posterior probability; rounding makes it a hair over 1 at times.
      confidence: Math.min(1, Math.max(0, Number(posterior))),
    });
  }
  close();
  return utterances.flatMap(toLines);
}

function toLines(words: TranscriptWord[]): TranscriptSegment[] {
  const lines: TranscriptSegment[] = [];
  let line: TranscriptWord[] = [];
  const flush = () => {
    if (!line.length) return;
    lines.push({
      start: line[0]!.start,
      end: line[line.length - 1]!.end,
      text: line.map((word) => word.word).join(' '),
      words: line,
    });
    line = [];
  };
  for (const word of words) {
    if (line.length >= LINE_WORDS || (line.length && word.end - line[0]!.start > LINE_SECONDS)) flush();
    line.push(word);
  }
  flush();
  return lines;
}

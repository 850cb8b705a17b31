// A title for a video still named by its recording time, from what was said.

/** `defaultTitle`'s shape ("Recording 22 Nov, 14:03:27"): a title nobody chose. */
const DEFAULT_TITLE = /^Recording \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d:\d\d$/;

export const isDefaultTitle = (title: string): boolean => DEFAULT_TITLE.test(title.trim());

const MAX_TITLE_CHARS = 60;
/** Openers that say nothing about the video: dropped from a sentence's start. */
const OPENERS =
  /^(?:(?:um+|uh+|erm|er|ah|so|okay|ok|well|right|alright|hi|hey|hello|and|now|yeah|all right)\b[\s,.!]*)+/i;
const GREETING =
  /^(?:(?:hi|hey|hello) (?:everyone|everybody|all|there|team|folks)|good (?:morning|afternoon|evening))\b/i;
const STOP = new Set(
  `a an the and or but so to of in on at for with from by is are was were be been it its this that these those i you we
  they he she me my our your their um uh erm er ah like just okay ok yeah here there now then what which who how as
  do does did have has had will would can could should not no yes let lets let's going gonna want show`.split(/\s+/),
);

/**
 * A title from the transcript's lines: of its first sentences, the one with the most words that
 * matter (those said most often across the whole transcript count more), without opening fillers
 * and greetings, cut at a word within 60 characters. '' when nothing said is worth a title.
 */
export function suggestTitle(lines: ReadonlyArray<{ text: string }>): string {
  const text = lines.map((line) => line.text).join(' ');
  const words = (sentence: string) => sentence.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const counts = new Map<string, number>();
  for (const word of words(text)) if (!STOP.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const sentences = text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) =>
      sentence
        .replace(OPENERS, '')
        .replace(/[.!?,;:\s]+$/, '')
        .trim(),
    )
    .filter((sentence) => sentence && !GREETING.test(sentence))
    .slice(0, 8);
  let best = '';
  let bestScore = 0;
  for (const sentence of sentences) {
    const meaningful = words(sentence).filter((word) => !STOP.has(word));
    if (meaningful.length < 2) continue;
    const score = meaningful.reduce((sum, word) => sum + (counts.get(word) ?? 0), 0) / Math.sqrt(meaningful.length);
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  if (!best) return '';
  return capitalise(shorten(best.replace(/\s+/g, ' ')));
}

function shorten(sentence: string): string {
  if (sentence.length <= MAX_TITLE_CHARS) return sentence;
  const cut = sentence.slice(0, MAX_TITLE_CHARS + 1);
  const end = cut.lastIndexOf(' ');
  return `${(end > 20 ? cut.slice(0, end) : cut.slice(0, MAX_TITLE_CHARS)).replace(/[,;:\s]+$/, '')}…`;
}

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

import type { TranscriptWord } from './transcriber';

/**
 * A word the engine gave less confidence than this is one it doubted: kept in the stored
 * transcript (greyed in the panel) but out of search, captions and edit-by-transcript proposals.
 *
 * Measured on 30 clips of espeak-ng speech (5 sentences, 3 voices, 140 and 170 words a minute)
 * through the built-in engine: of 482 words it heard, 160 were words actually said (33 %). Below
 * 0.1 they were right 16 % of the time (25 of 155); from 0.1 up, 41 % (135 of 327), and raising
 * the bar higher bought no more (0.2: 42 %, 0.3: 44 %, 0.5: 43 %) while losing words that were
 * said (0.1 keeps 84 % of them, 0.3 61 %). Whisper's word probabilities on the same scale doubt
 * far fewer words, and those below 0.1 are its guesses too.
 */
export const UNCERTAIN_BELOW = 0.1;

/** The engine itself doubted the word; a word without a confidence (an engine that gives none) is sure. */
export const isUncertain = (word: Pick<TranscriptWord, 'confidence'>): boolean =>
  word.confidence !== undefined && word.confidence < UNCERTAIN_BELOW;

/**
 * A line's words the engine was sure of, as text: what search and captions may hold. The line's
 * own text where no word is doubted (or it has no word times, as a line the owner corrected).
 */
export function certainText(text: string, words: readonly TranscriptWord[] | null | undefined): string {
  if (!words?.some(isUncertain)) return text;
  return words
    .filter((word) => !isUncertain(word))
    .map((word) => word.word.trim())
    .filter(Boolean)
    .join(' ');
}

import { z } from 'zod';
import { TranscriptionError, type TranscriptSegment, type TranscriptWord } from './transcriber';

const seconds = z.number().finite().min(0);
/** faster-whisper servers (speaches) and whisper.cpp's server add each word's `probability`; OpenAI does not. */
const word = z.object({
  word: z.string(),
  start: seconds,
  end: seconds,
  probability: z.number().finite().min(0).max(1).optional(),
});
/** `verbose_json` as OpenAI, whisper.cpp's server, faster-whisper servers, LocalAI and vLLM answer it. */
const verboseJson = z.object({
  language: z.string().optional(),
  text: z.string().optional(),
  // whisper.cpp's server gives the words inside each segment rather than at the top.
  segments: z
    .array(z.object({ start: seconds, end: seconds, text: z.string(), words: z.array(word).optional() }))
    .optional(),
  words: z.array(word).optional(),
});

/** OpenAI names the language in English (`english`); the rest of the product uses ISO 639-1 codes. */
const LANGUAGE_CODES: Record<string, string> = {
  english: 'en',
  german: 'de',
  french: 'fr',
  spanish: 'es',
  italian: 'it',
  portuguese: 'pt',
  dutch: 'nl',
  japanese: 'ja',
  chinese: 'zh',
  russian: 'ru',
  polish: 'pl',
  korean: 'ko',
};

export function languageCode(language: string | undefined): string {
  const name = (language ?? '').trim().toLowerCase();
  if (/^[a-z]{2}$/.test(name)) return name;
  return LANGUAGE_CODES[name] ?? '';
}

/**
 * One chunk's answer as segments shifted by `offset` seconds. An answer that is not verbose_json
 * is a permanent TranscriptionError naming what came back: the same server would answer the
 * same again.
 */
export function readAnswer(body: string, offset: number): { language: string; segments: TranscriptSegment[] } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new TranscriptionError(`The transcription server did not answer JSON (${excerpt(body)})`, true);
  }
  const parsed = verboseJson.safeParse(json);
  if (!parsed.success || (parsed.data.segments === undefined && parsed.data.text === undefined)) {
    throw new TranscriptionError(`The transcription server's answer is not a transcript (${excerpt(body)})`, true);
  }
  const { segments = [], text = '' } = parsed.data;
  const words = parsed.data.words ?? segments.flatMap((segment) => segment.words ?? []);
  const shift = (value: number) => value + offset;
  const shiftedWords: TranscriptWord[] = words.map((w) => ({
    word: w.word,
    start: shift(w.start),
    end: shift(w.end),
    ...(w.probability !== undefined && { confidence: w.probability }),
  }));
  const lines: TranscriptSegment[] = segments.length
    ? segments.map((segment) => ({ start: shift(segment.start), end: shift(segment.end), text: segment.text }))
    : text.trim()
      ? [{ start: offset, end: shiftedWords.at(-1)?.end ?? offset, text }]
      : [];
  if (shiftedWords.length) {
    for (const line of lines) {
      const inside = shiftedWords.filter((w) => w.start >= line.start - 0.01 && w.start < line.end);
      if (inside.length) line.words = inside;
    }
  }
  return { language: languageCode(parsed.data.language), segments: lines };
}

const excerpt = (body: string) => JSON.stringify(body.length > 80 ? `${body.slice(0, 80)}…` : body);

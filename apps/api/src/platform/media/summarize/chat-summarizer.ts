import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/** What a chat server suggested from a transcript: both may be empty. */
export interface TranscriptSummary {
  summary: string;
  /** On the transcript's timeline, in order, within the recording. */
  chapters: Array<{ seconds: number; title: string }>;
}

export interface Summarizer {
  /** Never throws: a server that is down, slow or answers nonsense gives undefined and `problem` says why. */
  summarize(
    lines: ReadonlyArray<{ start: number; text: string }>,
    durationSeconds: number,
  ): Promise<{ summary?: TranscriptSummary; problem?: string }>;
}

export interface ChatSummarizerOptions {
  /** A base URL as OpenAI clients take it; the call is POST {base}/chat/completions. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** How long one request may take. */
  requestTimeoutMs?: number;
  /** Tries, for 5xx, 429, timeouts and refused connections. */
  attempts?: number;
  backoffMs?: number;
}

const MAX_TRANSCRIPT_CHARS = 24_000;
const MAX_CHAPTERS = 20;
const MAX_SUMMARY_CHARS = 2000;
const MAX_CHAPTER_TITLE_CHARS = 100;

const answerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});
const suggestionSchema = z.object({
  summary: z.string().optional(),
  chapters: z.array(z.object({ seconds: z.coerce.number().finite(), title: z.string() })).optional(),
});

const INSTRUCTIONS = [
  'You are given the transcript of a screen recording, one line per utterance, each starting with its time in seconds.',
  'Answer with JSON only: {"summary": "two or three sentences on what the recording covers",',
  '"chapters": [{"seconds": <start time of the chapter>, "title": "a short chapter title"}]}.',
  'The first chapter starts at 0. Use at most 8 chapters; a short recording may have one.',
].join(' ');

/**
 * Any OpenAI-compatible chat server (SUMMARY_URL): the transcript in, a summary and
 * chapter titles out, as suggestions only. Whatever goes wrong (the server down, slow, a 500, an
 * answer that is not the JSON asked for) ends in no suggestion and a sentence saying why.
 */
export function chatSummarizer(options: ChatSummarizerOptions): Summarizer {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? 1000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 60_000;

  async function ask(transcript: string): Promise<{ content?: string; problem?: string }> {
    let problem = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(backoffMs * 2 ** (attempt - 2));
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            messages: [
              { role: 'system', content: INSTRUCTIONS },
              { role: 'user', content: transcript },
            ],
            temperature: 0.2,
          }),
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
      } catch (error) {
        problem = (error as Error).name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
        continue;
      }
      const body = await response.text().catch(() => '');
      if (!response.ok) {
        problem = `answered ${response.status}`;
        if (response.status < 500 && response.status !== 408 && response.status !== 429) break;
        continue;
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return { problem: 'did not answer JSON' };
      }
      const answer = answerSchema.safeParse(json);
      if (!answer.success) return { problem: 'answered something other than a chat completion' };
      return { content: answer.data.choices[0]!.message.content };
    }
    return { problem };
  }

  return {
    async summarize(lines, durationSeconds) {
      if (!lines.length) return {};
      const transcript = lines
        .map((line) => `[${line.start.toFixed(1)}] ${line.text}`)
        .join('\n')
        .slice(0, MAX_TRANSCRIPT_CHARS);
      const { content, problem } = await ask(transcript);
      if (content === undefined) return { problem: `The summary server ${problem}` };
      const suggestion = readSuggestion(content, durationSeconds);
      return suggestion ? { summary: suggestion } : { problem: 'The summary server did not answer the JSON asked for' };
    },
  };
}

/** The JSON in a chat answer (models wrap it in prose or a ``` fence), checked and tidied; undefined if none. */
export function readSuggestion(content: string, durationSeconds: number): TranscriptSummary | undefined {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(content.slice(start, end + 1));
  } catch {
    return undefined;
  }
  const parsed = suggestionSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const summary = tidy(parsed.data.summary ?? '', MAX_SUMMARY_CHARS);
  const seen = new Set<number>();
  const chapters = (parsed.data.chapters ?? [])
    .map((chapter) => ({
      seconds: Math.round(Math.min(Math.max(0, chapter.seconds), durationSeconds) * 10) / 10,
      title: tidy(chapter.title, MAX_CHAPTER_TITLE_CHARS),
    }))
    .filter((chapter) => chapter.title && chapter.seconds < durationSeconds)
    .sort((a, b) => a.seconds - b.seconds)
    .filter((chapter) => !seen.has(chapter.seconds) && seen.add(chapter.seconds))
    .slice(0, MAX_CHAPTERS);
  if (!summary && !chapters.length) return undefined;
  return { summary, chapters };
}

const tidy = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

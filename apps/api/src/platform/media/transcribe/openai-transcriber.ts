import { randomUUID } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readAnswer } from './openai-answer';
import { extractAudio } from './extract-audio';
import { clampSegments, TranscriptionError, type Transcriber, type TranscriptSegment } from './transcriber';

export interface OpenAiTranscriberOptions {
  /** A base URL as OpenAI clients take it (`http://127.0.0.1:8000/v1`). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  ffmpegPath: string;
  /** Seconds of audio per request: 600 s of 16 kHz mono WAV is 19.2 MB, under the usual 25 MB. */
  chunkSeconds?: number;
  /** Tries per chunk, for 5xx answers, 429, timeouts and refused connections. */
  attempts?: number;
  /** The first wait between tries; it doubles each time. */
  backoffMs?: number;
  /** How long one request may take. */
  requestTimeoutMs?: number;
}

/**
 * Any OpenAI-compatible transcription server (whisper.cpp's server, faster-whisper servers,
 * LocalAI, vLLM, OpenAI): `POST {base}/audio/transcriptions` with the audio as 16 kHz mono WAV
 * (which every one of them reads), in pieces of `chunkSeconds` stitched back by their offsets.
 */
export function openAiTranscriber(options: OpenAiTranscriberOptions): Transcriber {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  const chunkSeconds = options.chunkSeconds ?? 600;
  const attempts = options.attempts ?? 4;
  const backoffMs = options.backoffMs ?? 1000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 5 * 60 * 1000;

  async function send(path: string, offset: number, language: string | undefined) {
    let lastProblem = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(backoffMs * 2 ** (attempt - 2));
      const form = new FormData();
      form.append('file', await openAsBlob(path, { type: 'audio/wav' }), 'audio.wav');
      form.append('model', options.model);
      form.append('response_format', 'verbose_json');
      if (language) form.append('language', language);
      form.append('timestamp_granularities[]', 'segment');
      form.append('timestamp_granularities[]', 'word');
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          body: form,
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
      } catch (error) {
        const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
        lastProblem =
          (error as Error).name === 'TimeoutError' ? 'did not answer in time' : `could not be reached (${cause})`;
        continue;
      }
      const body = await response.text().catch(() => '');
      if (response.ok) return readAnswer(body, offset);
      lastProblem = `answered ${response.status}`;
      if (response.status < 500 && response.status !== 408 && response.status !== 429) {
        throw new TranscriptionError(`The transcription server ${lastProblem}: ${body.slice(0, 200)}`, true);
      }
    }
    throw new TranscriptionError(`The transcription server ${lastProblem} (${attempts} tries)`);
  }

  return {
    name: endpoint,
    async transcribe(file, { durationSeconds, scratchDir, timeoutMs, language: asked, onProgress }) {
      const dir = join(scratchDir, `chunks-${randomUUID()}`);
      try {
        await mkdir(dir, { recursive: true });
        const pattern = join(dir, 'chunk-%05d.wav');
        if (!(await extractAudio(options.ffmpegPath, file, pattern, { timeoutMs, segmentSeconds: chunkSeconds })))
          return { language: '', segments: [] };
        const chunks = (await readdir(dir)).filter((name) => name.endsWith('.wav')).sort();
        let language = '';
        const segments: TranscriptSegment[] = [];
        for (const [index, name] of chunks.entries()) {
          const answer = await send(join(dir, name), index * chunkSeconds, asked);
          language ||= answer.language;
          segments.push(...answer.segments);
          await onProgress?.(index + 1, chunks.length);
        }
        language ||= asked ?? '';
        return { language, segments: clampSegments(segments, durationSeconds) };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtinTranscriber,
  certainText,
  isUncertain,
  openAiTranscriber,
  parsePocketsphinx,
  TranscriptionError,
} from '../../src/platform/media/transcribe';
import { readAnswer } from '../../src/platform/media/transcribe/openai-answer';
import { FFMPEG } from '../support/processing-fixtures';

const run = promisify(execFile);

/**
 * A tiny OpenAI-compatible transcription server (not ours): each request is answered by the next
 * of `answers` (the last one repeats); it records what it was sent.
 */
async function fakeServer(answers: Array<(request: IncomingMessage, response: ServerResponse) => void>) {
  const seen: Array<{ url: string; authorization?: string; body: string }> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body: Buffer.concat(chunks).toString('latin1'),
      });
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
      answer(request, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, seen, close: () => new Promise((done) => server.close(done)) };
}

const json = (body: unknown) => (_: IncomingMessage, response: ServerResponse) =>
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const status = (code: number) => (_: IncomingMessage, response: ServerResponse) => response.writeHead(code).end('oops');

const FIXED = {
  language: 'english',
  text: 'hello there general kenobi',
  segments: [
    { start: 0, end: 3.5, text: ' hello there' },
    { start: 4, end: 7, text: ' general kenobi' },
  ],
  words: [
    { word: 'hello', start: 0.2, end: 0.8 },
    { word: 'there', start: 1, end: 1.5 },
    { word: 'general', start: 4, end: 4.6 },
    { word: 'kenobi', start: 4.7, end: 5.5 },
  ],
};

describe('transcription engines', () => {
  let dir: string;
  let tone: string;
  let speech: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'transcribers-'));
    tone = join(dir, 'tone.webm');
    await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=25', '-c:a', 'libopus', tone]);
    speech = join(dir, 'speech.wav');
    await run('/usr/bin/espeak-ng', ['-w', speech, 'hello world this is a test of the speech engine']);
  }, 30_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const options = (durationSeconds: number) => ({ durationSeconds, scratchDir: dir, timeoutMs: 20_000 });

  it('sends the audio to {base}/audio/transcriptions as verbose_json with word times and reads the lines', async () => {
    const server = await fakeServer([json(FIXED)]);
    try {
      const engine = openAiTranscriber({ baseUrl: server.url, apiKey: 'k-123', model: 'tiny', ffmpegPath: FFMPEG });
      const result = await engine.transcribe(tone, options(25));
      expect(result.language).toBe('en');
      expect(result.segments.map((s) => [s.start, s.end, s.text])).toEqual([
        [0, 3.5, 'hello there'],
        [4, 7, 'general kenobi'],
      ]);
      expect(result.segments[1]!.words?.map((w) => w.word)).toEqual(['general', 'kenobi']);
      const [request] = server.seen;
      expect(request!.url).toBe('/v1/audio/transcriptions');
      expect(request!.authorization).toBe('Bearer k-123');
      expect(request!.body).toMatch(/name="model"\r\n\r\ntiny/);
      expect(request!.body).toMatch(/name="response_format"\r\n\r\nverbose_json/);
      expect(request!.body).toMatch(/name="timestamp_granularities\[\]"\r\n\r\nword/);
      expect(request!.body).toMatch(/name="file"; filename="audio.wav"/);
    } finally {
      await server.close();
    }
  });

  it('cuts long audio into chunks, shifts each chunk’s lines by its offset and says how far it is', async () => {
    const server = await fakeServer([json(FIXED)]);
    try {
      const engine = openAiTranscriber({ baseUrl: server.url, model: 'm', ffmpegPath: FFMPEG, chunkSeconds: 10 });
      const progress: Array<[number, number]> = [];
      const result = await engine.transcribe(tone, {
        ...options(25),
        onProgress: (done, total) => void progress.push([done, total]),
      });
      expect(server.seen).toHaveLength(3);
      expect(progress).toEqual([
        [1, 3],
        [2, 3],
        [3, 3],
      ]);
      expect(result.segments.map((s) => s.start)).toEqual([0, 4, 10, 14, 20, 24]);
      // The last chunk's second line starts at 24 s and would end at 27 s: clamped to the audio's 25 s.
      expect(result.segments.at(-1)!.end).toBe(25);
    } finally {
      await server.close();
    }
  });

  it('asks for the spoken language the video names, and asks for none otherwise', async () => {
    const server = await fakeServer([json({ segments: FIXED.segments })]);
    try {
      const engine = openAiTranscriber({ baseUrl: server.url, model: 'm', ffmpegPath: FFMPEG });
      const result = await engine.transcribe(tone, { ...options(25), language: 'de' });
      expect(server.seen[0]!.body).toMatch(/name="language"\r\n\r\nde\r\n/);
      // A server that names no language: the one asked for is the transcript's.
      expect(result.language).toBe('de');
      await engine.transcribe(tone, options(25));
      expect(server.seen[1]!.body).not.toContain('name="language"');
    } finally {
      await server.close();
    }
  });

  it('retries a 500 with backoff and takes the answer that follows', async () => {
    const server = await fakeServer([status(500), status(503), json(FIXED)]);
    try {
      const engine = openAiTranscriber({ baseUrl: server.url, model: 'm', ffmpegPath: FFMPEG, backoffMs: 50 });
      const result = await engine.transcribe(tone, options(25));
      expect(server.seen).toHaveLength(3);
      expect(result.segments).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('gives up after its tries on a server that keeps failing, saying so', async () => {
    const server = await fakeServer([status(502)]);
    try {
      const engine = openAiTranscriber({
        baseUrl: server.url,
        model: 'm',
        ffmpegPath: FFMPEG,
        backoffMs: 10,
        attempts: 3,
      });
      const failure = await engine.transcribe(tone, options(25)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TranscriptionError);
      expect((failure as TranscriptionError).message).toBe('The transcription server answered 502 (3 tries)');
      expect((failure as TranscriptionError).permanent).toBe(false);
      expect(server.seen).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('fails clearly, without retrying, on an answer that is not a transcript', async () => {
    const server = await fakeServer([json({ hello: 'there' }), json(FIXED)]);
    try {
      const engine = openAiTranscriber({ baseUrl: server.url, model: 'm', ffmpegPath: FFMPEG, backoffMs: 10 });
      const failure = await engine.transcribe(tone, options(25)).catch((error: unknown) => error);
      expect((failure as TranscriptionError).permanent).toBe(true);
      expect((failure as Error).message).toMatch(/answer is not a transcript/);
      expect(server.seen).toHaveLength(1);
      const html = await fakeServer([(_, response) => response.writeHead(200).end('<html>proxy error</html>')]);
      const other = openAiTranscriber({ baseUrl: html.url, model: 'm', ffmpegPath: FFMPEG });
      await expect(other.transcribe(tone, options(25))).rejects.toThrow(/did not answer JSON \("<html>proxy error/);
      await html.close();
    } finally {
      await server.close();
    }
  });

  it('clamps lines a server places past the end of the audio, and drops those wholly past it', async () => {
    const server = await fakeServer([
      json({
        language: 'en',
        segments: [
          { start: 1, end: 3, text: 'inside' },
          { start: 20, end: 40, text: 'runs past the end' },
          { start: 30, end: 35, text: 'wholly past' },
        ],
      }),
    ]);
    try {
      const engine = openAiTranscriber({ baseUrl: server.url, model: 'm', ffmpegPath: FFMPEG });
      const result = await engine.transcribe(tone, options(25));
      expect(result.segments.map((s) => [s.start, s.end, s.text])).toEqual([
        [1, 3, 'inside'],
        [20, 25, 'runs past the end'],
      ]);
    } finally {
      await server.close();
    }
  });

  it('reads pocketsphinx output: words with times and posteriors, alternate pronunciations named by their word, no silence tokens', () => {
    const output = [
      'would you do that too',
      '<s> 0.000 0.320 0.999500',
      'would 0.330 0.530 0.259096',
      '<sil> 0.540 0.700 0.989158',
      'that(2) 0.920 1.050 0.154476',
      '[NOISE] 1.050 1.060 0.1',
      '</s> 1.240 1.670 1.000000',
      'again 2.000 2.500 0.5',
      '</s> 2.500 2.600 1.000000',
    ].join('\n');
    expect(parsePocketsphinx(output)).toEqual([
      {
        start: 0.33,
        end: 1.05,
        text: 'would that',
        words: [
          { word: 'would', start: 0.33, end: 0.53, confidence: 0.259096 },
          { word: 'that', start: 0.92, end: 1.05, confidence: 0.154476 },
        ],
      },
      { start: 2, end: 2.5, text: 'again', words: [{ word: 'again', start: 2, end: 2.5, confidence: 0.5 }] },
    ]);
    // A posterior a hair over 1 (pocketsphinx rounds) is 1.
    expect(parsePocketsphinx('you 1.0 1.2 1.000200\n</s> 1.2 1.3 1')[0]!.words![0]!.confidence).toBe(1);
  });

  it("reads a Whisper server's word probabilities, at the top (speaches) or in each segment (whisper.cpp), as confidence", () => {
    const top = readAnswer(
      JSON.stringify({
        segments: [{ start: 0, end: 2, text: ' hi there' }],
        words: [
          { word: ' hi', start: 0, end: 1, probability: 0.04 },
          { word: ' there', start: 1, end: 2, probability: 0.9 },
        ],
      }),
      10,
    );
    expect(top.segments[0]!.words).toEqual([
      { word: ' hi', start: 10, end: 11, confidence: 0.04 },
      { word: ' there', start: 11, end: 12, confidence: 0.9 },
    ]);
    const inSegments = readAnswer(
      JSON.stringify({
        segments: [{ start: 0, end: 1, text: ' hi', words: [{ word: ' hi', start: 0, end: 1, probability: 0.5 }] }],
      }),
      0,
    );
    expect(inSegments.segments[0]!.words).toEqual([{ word: ' hi', start: 0, end: 1, confidence: 0.5 }]);
    // OpenAI gives no probability: the word is sure, as far as anyone can tell.
    const openAi = readAnswer(JSON.stringify({ text: ' hi', words: [{ word: 'hi', start: 0, end: 1 }] }), 0);
    expect(openAi.segments[0]!.words).toEqual([{ word: 'hi', start: 0, end: 1 }]);
    expect(
      certainText('hi there', [
        { word: 'hi', start: 0, end: 1, confidence: 0.04 },
        { word: 'there', start: 1, end: 2 },
      ]),
    ).toBe('there');
    expect(certainText('hi there', [{ word: 'hi', start: 0, end: 1, confidence: 0.1 }])).toBe('hi there');
    expect(isUncertain({ confidence: 0.099 })).toBe(true);
    expect(isUncertain({})).toBe(false);
  });

  it('the built-in engine hears words in a clip of synthesised speech, and none in silence', async () => {
    const engine = builtinTranscriber({ ffmpegPath: FFMPEG });
    const result = await engine.transcribe(speech, options(4));
    expect(result.language).toBe('en');
    expect(result.segments.length).toBeGreaterThan(0);
    expect(result.segments.flatMap((s) => s.words ?? []).length).toBeGreaterThan(2);
    const silence = join(dir, 'silence.wav');
    await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '2', silence]);
    expect((await engine.transcribe(silence, options(2))).segments).toEqual([]);
    // A recording with no audio track at all: nothing was said, which is no failure.
    const mute = join(dir, 'mute.webm');
    await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=d=1:s=64x48', '-c:v', 'libvpx', mute]);
    expect(await engine.transcribe(mute, options(1))).toEqual({ language: '', segments: [] });
  }, 60_000);

  it('the built-in engine goes through long audio in chunks, saying how far it is, with each chunk’s words at their times', async () => {
    const twice = join(dir, 'twice.wav');
    // The sentence, 4 s of silence, the sentence again: chunks of 4 s split it.
    await run(FFMPEG, [
      '-v', 'error', '-i', speech, '-f', 'lavfi', '-t', '4', '-i', 'anullsrc=r=22050:cl=mono', '-i', speech,
      '-filter_complex', '[0:a][1:a][2:a]concat=n=3:v=0:a=1', twice,
    ]); // prettier-ignore
    const progress: Array<[number, number]> = [];
    const chunked = await builtinTranscriber({ ffmpegPath: FFMPEG, chunkSeconds: 4 }).transcribe(twice, {
      ...options(12),
      timeoutMs: 80_000, // pocketsphinx takes about real time on 2 busy cores
      onProgress: (done, total) => void progress.push([done, total]),
    });
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toEqual([progress.length, progress.length]);
    // The second sentence's words sit at their place in the whole (after 7 s), not at a chunk's start.
    const words = chunked.segments.flatMap((s) => s.words ?? []);
    expect(words[0]!.start).toBeLessThan(3);
    expect(words.at(-1)!.end).toBeGreaterThan(7);
  }, 90_000);
});

// The summary and chapter titles an OpenAI-compatible chat server suggests
// (SUMMARY_URL), against a small chat server on 127.0.0.1 written here. Whatever it does wrong
// (500s, garbage, slowness, prose around the JSON, chapters past the end) ends in a clean
// suggestion or none with a reason, never a throw.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSummarizer } from '../../src/platform/media/summarize';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;
let answers: Answer[] = [];
const seen: Array<{ url: string; authorization?: string; body: { model: string; messages: { content: string }[] } }> =
  [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString()),
      });
      (answers.shift() ?? status(500))(request, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise((done) => server.close(done)));

const chat =
  (content: string): Answer =>
  (_, response) =>
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
const status =
  (code: number): Answer =>
  (_, response) =>
    response.writeHead(code).end('oops');
const never: Answer = () => undefined;

const LINES = [
  { start: 0.5, text: 'Welcome to the quarterly walkthrough.' },
  { start: 40, text: 'Here the zeppelin dashboard shows revenue.' },
];
const summarizer = (options: { requestTimeoutMs?: number } = {}) =>
  chatSummarizer({ baseUrl, apiKey: 'sk-9', model: 'small', backoffMs: 20, ...options });

describe('summaries from an OpenAI-compatible chat server', () => {
  it('posts the timed transcript to {base}/chat/completions and reads the JSON in its answer, tidied', async () => {
    seen.length = 0;
    answers = [
      chat(
        'Sure! Here it is:\n```json\n' +
          JSON.stringify({
            summary: '  A walkthrough of the\nquarter. ',
            chapters: [
              { seconds: 40, title: 'Zeppelin dashboard' },
              { seconds: 0, title: 'Welcome' },
              { seconds: 40, title: 'The same start again' },
              { seconds: 500, title: 'Past the end' },
              { seconds: 10, title: '   ' },
            ],
          }) +
          '\n```',
      ),
    ];
    const result = await summarizer().summarize(LINES, 60);
    expect(result).toEqual({
      summary: {
        summary: 'A walkthrough of the quarter.',
        chapters: [
          { seconds: 0, title: 'Welcome' },
          { seconds: 40, title: 'Zeppelin dashboard' },
        ],
      },
    });
    expect(seen[0]!.url).toBe('/v1/chat/completions');
    expect(seen[0]!.authorization).toBe('Bearer sk-9');
    expect(seen[0]!.body.model).toBe('small');
    expect(seen[0]!.body.messages.at(-1)!.content).toBe(
      '[0.5] Welcome to the quarterly walkthrough.\n[40.0] Here the zeppelin dashboard shows revenue.',
    );
  });

  it('retries a 500 with backoff, and gives up with a reason when the server keeps failing', async () => {
    answers = [status(500), chat('{"summary": "After a retry."}')];
    expect(await summarizer().summarize(LINES, 60)).toEqual({ summary: { summary: 'After a retry.', chapters: [] } });
    answers = [status(502), status(503), status(500)];
    expect(await summarizer().summarize(LINES, 60)).toEqual({ problem: 'The summary server answered 500' });
  });

  it('does not retry a refusal (4xx), and names an answer that is not what was asked', async () => {
    seen.length = 0;
    answers = [status(401)];
    expect(await summarizer().summarize(LINES, 60)).toEqual({ problem: 'The summary server answered 401' });
    expect(seen).toHaveLength(1);
    answers = [(_, response) => response.writeHead(200).end('<html>proxy</html>')];
    expect((await summarizer().summarize(LINES, 60)).problem).toBe('The summary server did not answer JSON');
    answers = [chat('I cannot summarise this.')];
    expect((await summarizer().summarize(LINES, 60)).problem).toBe(
      'The summary server did not answer the JSON asked for',
    );
    answers = [chat('{"summary": 42, "chapters": "none"}')];
    expect((await summarizer().summarize(LINES, 60)).summary).toBeUndefined();
  });

  it('gives up on a server that does not answer in time', async () => {
    answers = [never, never, never];
    const started = Date.now();
    expect(await summarizer({ requestTimeoutMs: 200 }).summarize(LINES, 60)).toEqual({
      problem: 'The summary server did not answer in time',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('asks nothing of an empty transcript', async () => {
    seen.length = 0;
    expect(await summarizer().summarize([], 60)).toEqual({});
    expect(seen).toHaveLength(0);
  });
});

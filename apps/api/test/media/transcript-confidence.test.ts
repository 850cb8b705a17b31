// A word the transcription engine itself doubted is kept in the transcript (flagged, for the panel
// to grey) but never found by the library's search, never in the captions: through the real
// server (worker in the API, PGlite) with TRANSCRIBE_URL at a small OpenAI-compatible server
// written here, which answers word probabilities as faster-whisper servers (speaches) do. And
// /admin's Transcription section: the engine configured, and Test against that server.
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@connectrpc/connect';
import { AdminService, TranscriptionEngine, TranscriptService, TranscriptState, type Video } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { codeOf, makeTestClip } from '@stream/video-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { serviceClient, videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { FFMPEG } from '../support/processing-fixtures';

/** "quokka" the server is sure of; "zanzibar" it doubts (0.03, under the 0.1 bar); "um" it doubts too. */
const WORDS = [
  { word: ' Look', start: 0.5, end: 0.9, probability: 0.92 },
  { word: ' at', start: 0.9, end: 1.1, probability: 0.95 },
  { word: ' the', start: 1.1, end: 1.3, probability: 0.97 },
  { word: ' quokka', start: 1.3, end: 2, probability: 0.88 },
  { word: ' zanzibar', start: 2.2, end: 3, probability: 0.03 },
  { word: ' um', start: 3.1, end: 3.4, probability: 0.05 },
  { word: ' today.', start: 3.4, end: 4, probability: 0.9 },
];
const ANSWER = {
  language: 'english',
  text: ' Look at the quokka zanzibar um today.',
  segments: [{ start: 0.5, end: 4, text: ' Look at the quokka zanzibar um today.' }],
  words: WORDS,
};

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let other: TestUser;
let dir: string;
let fake: Server;
let fakeUrl: string;
/** While set, the fake server answers this status instead of the transcript. */
let failWith: number | undefined;
/** What the summary server (SUMMARY_URL, the same fake) was sent. */
let chatRequest = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'transcript-confidence-'));
  fake = createServer((request, response) => {
    const body: Buffer[] = [];
    request.on('data', (chunk: Buffer) => body.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/chat/completions') {
        chatRequest = Buffer.concat(body).toString();
        return void response.writeHead(503).end('busy');
      }
      if (failWith) return void response.writeHead(failWith).end('model not loaded');
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ANSWER));
    });
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  emulator = await startAuthEmulator();
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    env: {
      WORKER: 'true',
      TRANSCRIBE: 'on',
      TRANSCRIBE_URL: fakeUrl,
      TRANSCRIBE_MODEL: 'Systran/faster-whisper-small',
      SUMMARY_URL: fakeUrl,
    },
  });
  [owner, other] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
  // ADMIN_EMAILS unset: the first account to call is the admin.
  expect((await serviceClient(AdminService, server.baseUrl, { token: owner.idToken }).getAdminStatus({})).admin).toBe(
    true,
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
  fake?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const videos = (user: TestUser) => videoClient(server.baseUrl, { token: user.idToken });

async function transcribedVideo(): Promise<Video> {
  await makeTestClip(join(dir, 'talk.webm'), { seconds: 5 }, FFMPEG);
  const answer = await uploadVideo(server.baseUrl, await readFile(join(dir, 'talk.webm')), { token: owner.idToken });
  expect(answer.status).toBe(201);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const video = await videos(owner).getVideo({ videoId: answer.json.video!.id as string });
    if (video.transcriptState === TranscriptState.DONE) return video;
    if (video.transcriptState === TranscriptState.FAILED) throw new Error(video.transcriptFailureReason);
    if (Date.now() > deadline) throw new Error('no transcript after 90 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('words the engine doubted', () => {
  let video: Video;
  beforeAll(async () => {
    video = await transcribedVideo();
  }, 120_000);

  it('are kept with their confidence and flagged uncertain', async () => {
    const transcript = await serviceClient(TranscriptService, server.baseUrl, { token: owner.idToken }).getTranscript({
      videoId: video.id,
      originalTimeline: true,
    });
    const words = transcript.segments.flatMap((segment) => segment.words);
    expect(words.map((w) => [w.word, w.uncertain])).toEqual([
      ['Look', false],
      ['at', false],
      ['the', false],
      ['quokka', false],
      ['zanzibar', true],
      ['um', true],
      ['today.', false],
    ]);
    expect(words[4]!.confidence).toBeCloseTo(0.03);
    expect(words[3]!.confidence).toBeCloseTo(0.88);
    // The line itself says all the engine heard; the panel greys the doubted words.
    expect(transcript.segments[0]!.text).toBe('Look at the quokka zanzibar um today.');
    expect(transcript.builtinEngine).toBe(false);
  });

  it('are not found by the library search, while a word it was sure of is', async () => {
    const found = await videos(owner).listVideos({ query: 'quokka', pageSize: 10 });
    expect(found.videos.map((v) => v.id)).toEqual([video.id]);
    expect(found.videos[0]!.transcriptMatch?.text).toContain('quokka');
    expect((await videos(owner).listVideos({ query: 'zanzibar', pageSize: 10 })).videos).toEqual([]);
    expect((await videos(owner).listVideos({ query: 'zanzib', pageSize: 10 })).videos).toEqual([]);
  });

  it('are not sent to the summary server, which gets the words the engine was sure of', async () => {
    await expect.poll(() => chatRequest, { timeout: 30_000 }).toContain('quokka');
    expect(chatRequest).not.toMatch(/zanzibar|\bum\b/);
  });

  it('are not in the captions, while the words it was sure of are', async () => {
    const vtt = await (await fetch(new URL(video.captionsUrl, server.baseUrl))).text();
    expect(vtt).toContain('Look at the quokka today.');
    expect(vtt).not.toMatch(/zanzibar|\bum\b/);
  });
});

describe("/admin's Transcription section", () => {
  const admin = () => serviceClient(AdminService, server.baseUrl, { token: owner.idToken });

  it('names the engine configured, to the admin alone', async () => {
    expect(await admin().getTranscriptionSettings({})).toMatchObject({
      engine: TranscriptionEngine.SERVER,
      url: fakeUrl,
      model: 'Systran/faster-whisper-small',
    });
    const notAdmin = serviceClient(AdminService, server.baseUrl, { token: other.idToken });
    expect(await codeOf(notAdmin.getTranscriptionSettings({}))).toBe(Code.PermissionDenied);
    expect(await codeOf(notAdmin.testTranscription({}))).toBe(Code.PermissionDenied);
  });

  it('Test sends a clip to TRANSCRIBE_URL and says what came back, or what went wrong', async () => {
    const passed = await admin().testTranscription({});
    expect(passed).toMatchObject({ ok: true, error: '', text: 'Look at the quokka today.' });
    expect(passed.uncertainWords).toEqual(['zanzibar', 'um']);
    expect(passed.expectedText).toMatch(/test of the transcription/);
    failWith = 404;
    try {
      const failed = await admin().testTranscription({});
      expect(failed.ok).toBe(false);
      expect(failed.error).toMatch(/answered 404: model not loaded/);
    } finally {
      failWith = undefined;
    }
  });
});

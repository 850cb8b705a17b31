// A server started without TRANSCRIBE_URL transcribes with the
// built-in engine (Debian's pocketsphinx, nothing downloaded): a recording of synthesised speech
// gets a non-empty transcript and captions, showing its progress in pieces as it goes; a silent one says no speech was found.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TranscriptService, TranscriptState, type Video } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { serviceClient, videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { FFMPEG } from '../support/processing-fixtures';

const run = promisify(execFile);

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let dir: string;

/** A VP8/Opus WebM whose sound is `audio` (lavfi source or file). */
async function recording(name: string, audio: string[]): Promise<Buffer> {
  const file = join(dir, name);
  await run(FFMPEG, [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', ...audio],
    ...['-shortest', '-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libopus', file],
  ]);
  return readFile(file);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'transcripts-builtin-'));
  await run('/usr/bin/espeak-ng', [
    '-v',
    'en-us',
    '-s',
    '140',
    '-w',
    join(dir, 'speech.wav'),
    'hello world this is a test of the recording. the second sentence follows the first. and a third one ends it.',
  ]);
  emulator = await startAuthEmulator();
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    // Pieces of 3 s, so a recording of a few sentences shows its progress.
    env: { WORKER: 'true', TRANSCRIBE: 'on', TRANSCRIBE_CHUNK_SECONDS: '3' },
  });
  owner = await newTestUser(emulator.host);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Every progress the video showed while it was transcribing. */
const progressSeen: number[] = [];

async function transcribed(webm: Buffer): Promise<Video> {
  const answer = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
  expect(answer.status).toBe(201);
  const videos = videoClient(server.baseUrl, { token: owner.idToken });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const video = await videos.getVideo({ videoId: answer.json.video!.id as string });
    const state = video.transcriptState;
    if (state !== TranscriptState.NONE && state !== TranscriptState.TRANSCRIBING) return video;
    if (state === TranscriptState.TRANSCRIBING) progressSeen.push(video.transcriptProgress);
    if (Date.now() > deadline) throw new Error('no transcript after 90 s');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

let speechVideo: Video | undefined;

describe('the built-in engine through the server', () => {
  it('transcribes synthesised speech into a non-empty transcript with captions', async () => {
    const video = await transcribed(await recording('speech.webm', ['-i', join(dir, 'speech.wav')]));
    speechVideo = video;
    expect(video.transcriptFailureReason).toBe('');
    expect(video.transcriptState).toBe(TranscriptState.DONE);
    expect(video.transcriptLanguage).toBe('en');
    // The built-in engine says it knows English alone, for the page to say so beside the language.
    const transcript = await serviceClient(TranscriptService, server.baseUrl, { token: owner.idToken }).getTranscript({
      videoId: video.id,
    });
    expect(transcript.engineLanguages).toEqual(['en']);
    const vtt = await (await fetch(new URL(video.captionsUrl, server.baseUrl))).text();
    expect(vtt).toMatch(/^WEBVTT\n\n\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}\n\S/);
    // A long recording's progress: pieces done of all, as the video showed it meanwhile.
    expect(
      progressSeen.some((percent) => percent > 0 && percent < 100),
      `seen: ${progressSeen.join(', ')}`,
    ).toBe(true);
  }, 120_000);

  it('flags the words pocketsphinx doubted: search does not find them, captions leave them out; a sure word is found', async () => {
    const video = speechVideo!;
    const transcript = await serviceClient(TranscriptService, server.baseUrl, { token: owner.idToken }).getTranscript({
      videoId: video.id,
      originalTimeline: true,
    });
    // The panel says plainly that this engine is rough.
    expect(transcript.builtinEngine).toBe(true);
    const words = transcript.segments.flatMap((segment) => segment.words);
    const bare = (word: string) => word.toLowerCase().replace(/[^a-z']/g, '');
    expect(words.every((word) => word.uncertain === word.confidence < 0.1)).toBe(true);
    const sure = words.filter((word) => !word.uncertain).map((word) => bare(word.word));
    // Search matches prefixes, of the title's words too: a doubted word that starts none of those.
    const elsewhere = [...sure, ...video.title.toLowerCase().split(/[^a-z]+/)];
    const doubted = words
      .filter((word) => word.uncertain)
      .map((word) => bare(word.word))
      .find((word) => word.length >= 3 && !elsewhere.some((other) => other.startsWith(word)));
    const confident = sure.find((word) => word.length >= 3);
    expect(doubted, `words: ${words.map((w) => `${w.word} ${w.confidence.toFixed(3)}`).join(', ')}`).toBeDefined();
    expect(confident).toBeDefined();
    const search = (query: string) =>
      videoClient(server.baseUrl, { token: owner.idToken }).listVideos({ query, pageSize: 10 });
    expect((await search(doubted!)).videos).toEqual([]);
    expect((await search(confident!)).videos.map((found) => found.id)).toContain(video.id);
    const vtt = await (await fetch(new URL(video.captionsUrl, server.baseUrl))).text();
    expect(vtt.toLowerCase()).not.toMatch(new RegExp(`\\b${doubted}\\b`));
    expect(vtt.toLowerCase()).toMatch(new RegExp(`\\b${confident}\\b`));
  }, 60_000);

  it('says no speech was found in a silent recording, and makes no captions', async () => {
    const video = await transcribed(
      await recording('silent.webm', ['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', '3']),
    );
    expect(video.transcriptState).toBe(TranscriptState.NO_SPEECH);
    expect(video.captionsUrl).toBe('');
  }, 120_000);
});

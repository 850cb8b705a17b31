// Transcripts through the real server (worker in the API, PGlite): with TRANSCRIBE_URL at a small
// OpenAI-compatible server (not ours, written here: it answers fixed lines for any audio), a
// video that becomes READY gets a transcript, captions made from it, and is found in the
// library by a word only the transcript holds, with the line that matched; the owner corrects a
// line and the captions follow; a server that keeps failing leaves the video FAILED with its
// reason, and Retry after it comes back transcribes.
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, type Client } from '@connectrpc/connect';
import { EditState, Status, TranscriptService, TranscriptState, Visibility, type Video } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { codeOf, makeTestClip } from '@stream/video-api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { serviceClient, videoClient } from '../support/clients';
import { accountClient } from '../support/account-client';
import { editClient } from '../support/edit-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { FFMPEG } from '../support/processing-fixtures';
import PgBoss from 'pg-boss';
import { TRANSCRIBE_GAVE_UP_QUEUE, TRANSCRIBE_QUEUE } from '../../src/platform/processing/video-queue';

const LINES = [
  { start: 0.5, end: 3.5, text: ' Welcome to the quarterly walkthrough.' },
  { start: 4, end: 7.5, text: ' Here the zeppelin dashboard shows revenue.' },
  { start: 8, end: 9.5, text: ' Thanks for watching.' },
];

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let other: TestUser;
let dir: string;
let webm: Buffer;
/** What the fake server does with the next request: answer the lines, or fail with a status. */
let failWith: number | undefined;
let fake: Server;
let fakeRequests = 0;
/** The form of the last transcription request, as text. */
let lastTranscriptionForm = '';
/** What the fake chat server (SUMMARY_URL) answers. */
const SUGGESTION = {
  summary: 'A quarterly walkthrough of the zeppelin dashboard.',
  chapters: [
    { seconds: 0, title: 'Welcome' },
    { seconds: 4, title: 'The zeppelin dashboard' },
  ],
};
/** While set, the fake server holds every request until it settles. */
let holdAnswers: Promise<void> | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'transcripts-rpc-'));
  fake = createServer((request, response) => {
    const body: Buffer[] = [];
    request.on('data', (chunk: Buffer) => body.push(chunk));
    request.on('end', async () => {
      if (request.url === '/v1/chat/completions') {
        const content = `Here you go:\n${JSON.stringify(SUGGESTION)}`;
        return void response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
      }
      fakeRequests++;
      lastTranscriptionForm = Buffer.concat(body).toString('latin1');
      await holdAnswers;
      if (failWith) return void response.writeHead(failWith).end('down');
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ language: 'english', text: LINES.map((l) => l.text).join(''), segments: LINES }));
    });
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  const [started] = await Promise.all([
    startAuthEmulator(),
    makeTestClip(join(dir, 'talk.webm'), { seconds: 10 }, FFMPEG),
  ]);
  emulator = started;
  webm = await readFile(join(dir, 'talk.webm'));
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    // One try per job attempt and one retry, so the failing case ends within the test.
    env: {
      WORKER: 'true',
      TRANSCRIBE: 'on',
      TRANSCRIBE_URL: fakeUrl,
      SUMMARY_URL: fakeUrl,
      PROCESSING_RETRY_LIMIT: '1',
    },
  });
  [owner, other] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
  fake?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const videos = (user?: TestUser) => videoClient(server.baseUrl, { token: user?.idToken });
function transcripts(user?: TestUser): Client<typeof TranscriptService> {
  return serviceClient(TranscriptService, server.baseUrl, { token: user?.idToken });
}

async function waitFor(id: string, done: (video: Video) => boolean, what: string): Promise<Video> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const video = await videos(owner).getVideo({ videoId: id });
    if (done(video)) return video;
    if (Date.now() > deadline) throw new Error(`video ${id}: no ${what} after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const settled = (video: Video) =>
  video.transcriptState === TranscriptState.DONE ||
  video.transcriptState === TranscriptState.FAILED ||
  video.transcriptState === TranscriptState.NO_SPEECH;

async function uploaded(): Promise<string> {
  const answer = await uploadVideo(server.baseUrl, webm, { token: owner.idToken });
  expect(answer.status).toBe(201);
  return answer.json.video!.id as string;
}

describe('transcripts from an OpenAI-compatible server', () => {
  let id: string;

  beforeAll(async () => {
    id = await uploaded();
  }, 90_000);

  it('transcribes a video after it is READY: its lines, language and captions made from them', async () => {
    const video = await waitFor(id, settled, 'transcript');
    expect(video.status).toBe(Status.READY);
    expect(video.transcriptState).toBe(TranscriptState.DONE);
    expect(video.transcriptLanguage).toBe('en');
    const transcript = await transcripts(owner).getTranscript({ videoId: id });
    expect(transcript.segments.map((s) => [s.index, s.startSeconds, s.endSeconds, s.text])).toEqual([
      [0, 0.5, 3.5, 'Welcome to the quarterly walkthrough.'],
      [1, 4, 7.5, 'Here the zeppelin dashboard shows revenue.'],
      [2, 8, 9.5, 'Thanks for watching.'],
    ]);
    expect(video.captionsUrl).not.toBe('');
    expect(video.generatedCaptions).toBe(true);
    const vtt = await (await fetch(new URL(video.captionsUrl, server.baseUrl))).text();
    expect(vtt).toBe(
      [
        'WEBVTT',
        '00:00:00.500 --> 00:00:03.500\nWelcome to the quarterly walkthrough.',
        '00:00:04.000 --> 00:00:07.500\nHere the zeppelin dashboard shows revenue.',
        '00:00:08.000 --> 00:00:09.500\nThanks for watching.',
      ].join('\n\n') + '\n',
    );
  });

  it("suggests to the owner alone a title from the transcript while the title is the default, and the chat server's summary and chapters", async () => {
    // The chat server is asked once the transcript is DONE: its answer follows shortly.
    let mine = await transcripts(owner).getTranscript({ videoId: id });
    for (const deadline = Date.now() + 10_000; !mine.suggestedSummary && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mine = await transcripts(owner).getTranscript({ videoId: id });
    }
    expect(mine.suggestedTitle).toBe('Here the zeppelin dashboard shows revenue');
    // A server with TRANSCRIBE_URL transcribes whatever language it is asked for.
    expect(mine.engineLanguages).toEqual([]);
    expect(mine.suggestedSummary).toBe(SUGGESTION.summary);
    expect(mine.suggestedChapters.map(({ seconds, title }) => ({ seconds, title }))).toEqual(SUGGESTION.chapters);
    // Nobody else sees suggestions (a public video's viewer reads the transcript alone).
    await videos(owner).updateVideo({
      videoId: id,
      visibility: Visibility.PUBLIC,
      updateMask: { paths: ['visibility'] },
    });
    const theirs = await transcripts(other).getTranscript({ videoId: id });
    expect([theirs.segments.length, theirs.suggestedTitle, theirs.suggestedSummary, theirs.suggestedChapters]).toEqual([
      3,
      '',
      '',
      [],
    ]);
    await videos(owner).updateVideo({
      videoId: id,
      visibility: Visibility.PRIVATE,
      updateMask: { paths: ['visibility'] },
    });
    // Once the owner names it, no title is suggested.
    const named = await videos(owner).updateVideo({
      videoId: id,
      title: 'Q3 walkthrough',
      updateMask: { paths: ['title'] },
    });
    expect(named.title).toBe('Q3 walkthrough');
    expect((await transcripts(owner).getTranscript({ videoId: id })).suggestedTitle).toBe('');
  });

  it('finds the video by a word only its transcript holds, naming the line and its time', async () => {
    const found = await videos(owner).listVideos({ query: 'zeppel', pageSize: 10 });
    expect(found.videos.map((v) => v.id)).toEqual([id]);
    expect(found.videos[0]!.transcriptMatch).toMatchObject({
      index: 1,
      startSeconds: 4,
      text: 'Here the zeppelin dashboard shows revenue.',
    });
    // Another user's library holds no such video.
    expect((await videos(other).listVideos({ query: 'zeppelin', pageSize: 10 })).videos).toEqual([]);
  });

  it('lets only the owner correct a line; the captions follow, and a blank line changes nothing', async () => {
    expect(await codeOf(transcripts(other).updateTranscriptSegment({ videoId: id, index: 1, text: 'hijacked' }))).toBe(
      Code.NotFound,
    );
    expect(await codeOf(transcripts(other).getTranscript({ videoId: id }))).toBe(Code.NotFound);
    expect(await codeOf(transcripts(owner).updateTranscriptSegment({ videoId: id, index: 1, text: '   ' }))).toBe(
      Code.InvalidArgument,
    );
    expect(
      await codeOf(transcripts(owner).updateTranscriptSegment({ videoId: id, index: 7, text: 'no such line' })),
    ).toBe(Code.NotFound);
    const fixed = await transcripts(owner).updateTranscriptSegment({
      videoId: id,
      index: 1,
      text: 'Here the Zeppelin dashboard shows the revenue.',
    });
    expect(fixed.segments[1]).toMatchObject({ text: 'Here the Zeppelin dashboard shows the revenue.', edited: true });
    const video = await videos(owner).getVideo({ videoId: id });
    const vtt = await (await fetch(new URL(video.captionsUrl, server.baseUrl))).text();
    expect(vtt).toContain('00:00:04.000 --> 00:00:07.500\nHere the Zeppelin dashboard shows the revenue.');

    // Captions the owner uploads win over those made from the transcript, and removing them brings those back.
    const own = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nMy own words\n';
    const withOwn = await editClient(server.baseUrl, owner.idToken).setCaptions({ videoId: id, webvtt: own });
    expect(withOwn.generatedCaptions).toBe(false);
    expect(await (await fetch(new URL(withOwn.captionsUrl, server.baseUrl))).text()).toBe(own);
    const removed = await editClient(server.baseUrl, owner.idToken).setCaptions({ videoId: id, webvtt: '' });
    expect(removed.generatedCaptions).toBe(true);
    expect(await (await fetch(new URL(removed.captionsUrl, server.baseUrl))).text()).toContain('Zeppelin');

    // Transcribing again would drop the correction: refused, and the corrected line stays.
    const requestsBefore = fakeRequests;
    const refused = await transcripts(owner)
      .retryTranscription({ videoId: id })
      .catch((error: unknown) => error as Error);
    expect(refused).toBeInstanceOf(Error);
    expect(await codeOf(transcripts(owner).retryTranscription({ videoId: id }))).toBe(Code.FailedPrecondition);
    expect((refused as Error).message).toContain('would replace the line you corrected');
    const kept = await transcripts(owner).getTranscript({ videoId: id });
    expect(kept.state).toBe(TranscriptState.DONE);
    expect(kept.segments[1]).toMatchObject({ text: 'Here the Zeppelin dashboard shows the revenue.', edited: true });
    expect(fakeRequests).toBe(requestsBefore);
  });

  it('captions follow an edit through its kept ranges without transcribing again, and a revert brings them back', async () => {
    const requestsBefore = fakeRequests;
    const edit = editClient(server.baseUrl, owner.idToken);
    const captionsOf = async (video: Video) => (await fetch(new URL(video.captionsUrl, server.baseUrl))).text();
    const cues = (vtt: string) =>
      [...vtt.matchAll(/(\d\d):(\d\d):(\d\d\.\d{3}) --> (\d\d):(\d\d):(\d\d\.\d{3})\n(.+)/g)].map((m) => ({
        start: Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
        end: Number(m[4]) * 3600 + Number(m[5]) * 60 + Number(m[6]),
        text: m[7],
      }));
    // Cut the first line away (0-4 s): the other two move 4 s earlier.
    await edit.saveEdits({ videoId: id, keptRanges: [{ startSeconds: 4, endSeconds: 10 }] });
    const edited = await waitFor(id, (video) => video.editState === EditState.APPLIED, 'applied edit');
    const after = cues(await captionsOf(edited));
    expect(after.map((cue) => cue.text)).toEqual([
      'Here the Zeppelin dashboard shows the revenue.',
      'Thanks for watching.',
    ]);
    const cut = 4 - edited.playingRanges[0]!.startSeconds; // the frame-exact start, near 4 s
    expect(after[0]!.start).toBeCloseTo(0, 1);
    expect(after[0]!.end).toBeCloseTo(3.5 + cut, 1);
    expect(after[1]!.start).toBeCloseTo(4 + cut, 1);
    expect(after[1]!.end).toBeCloseTo(5.5 + cut, 1);
    // The transcript panel reads the same: the lines the edit kept, at the times they play.
    const panel = await transcripts(owner).getTranscript({ videoId: id });
    expect(panel.segments.map((line) => [line.index, line.text])).toEqual([
      [1, 'Here the Zeppelin dashboard shows the revenue.'],
      [2, 'Thanks for watching.'],
    ]);
    expect(panel.segments[1]!.startSeconds).toBeCloseTo(4 + cut, 1);
    // The owner's editor reads every line where the original has it (edit by transcript cuts that timeline).
    const original = await transcripts(owner).getTranscript({ videoId: id, originalTimeline: true });
    expect(original.segments.map((line) => [line.index, line.startSeconds])).toEqual([
      [0, 0.5],
      [1, 4],
      [2, 8],
    ]);
    expect(await codeOf(transcripts(other).getTranscript({ videoId: id, originalTimeline: true }))).toBe(Code.NotFound);
    // A search by what was said opens the video where the edit plays the line.
    const [found] = (await videos(owner).listVideos({ query: 'zeppelin', pageSize: 10 })).videos;
    expect(found!.transcriptMatch!.startSeconds).toBeCloseTo(0, 1);

    await edit.revertEdits({ videoId: id });
    const reverted = await videos(owner).getVideo({ videoId: id });
    expect(cues(await captionsOf(reverted)).map((cue) => [cue.start, cue.end])).toEqual([
      [0.5, 3.5],
      [4, 7.5],
      [8, 9.5],
    ]);
    expect((await transcripts(owner).getTranscript({ videoId: id })).segments).toHaveLength(3);
    expect(fakeRequests).toBe(requestsBefore);
  }, 120_000);

  it('says why when the server keeps failing, and a Retry transcribes once it answers again', async () => {
    failWith = 503;
    const failing = await uploaded();
    const failed = await waitFor(failing, settled, 'transcript failure');
    expect(failed.status).toBe(Status.READY); // playback never waits on the transcript
    expect(failed.transcriptState).toBe(TranscriptState.FAILED);
    expect(failed.transcriptFailureReason).toMatch(
      /^Transcription failed after 2 attempts: The transcription server answered 503/,
    );
    expect(failed.captionsUrl).toBe('');
    expect(await codeOf(transcripts(other).retryTranscription({ videoId: failing }))).toBe(Code.NotFound);
    failWith = undefined;
    const retried = await transcripts(owner).retryTranscription({ videoId: failing });
    expect(retried.state).toBe(TranscriptState.TRANSCRIBING);
    const done = await waitFor(failing, settled, 'transcript after retry');
    expect([done.transcriptState, done.transcriptFailureReason]).toEqual([TranscriptState.DONE, '']);
    expect(fakeRequests).toBeGreaterThan(2);
  }, 120_000);

  it("fails only the attempt a give-up belongs to: the first attempt's, landing after a Retry, leaves the retried transcript alone", async () => {
    failWith = 503;
    const id = await uploaded();
    expect((await waitFor(id, settled, 'transcript failure')).transcriptState).toBe(TranscriptState.FAILED);
    // The first attempt's job, as the worker took it: what its dead letter carries.
    const { rows } = await server.database.executor.executeSql(
      `select data from pgboss.job where name = $1 and data->>'videoId' = $2`,
      [TRANSCRIBE_QUEUE, id],
    );
    const firstAttempt = (rows as Array<{ data: object }>)[0]!.data;
    expect(firstAttempt).toMatchObject({ videoId: id, attempt: 1 });

    // pg-boss as another process would be, delivering that give-up when the test says.
    const boss = new PgBoss({
      db: { executeSql: (text, values) => server.database.executor.executeSql(text, values) },
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
    boss.on('error', () => undefined);
    await boss.start();
    const giveUpLands = async () => {
      const jobId = await boss.send(TRANSCRIBE_GAVE_UP_QUEUE, firstAttempt);
      const deadline = Date.now() + 30_000;
      while ((await boss.getJobById(TRANSCRIBE_GAVE_UP_QUEUE, jobId!))?.state !== 'completed') {
        if (Date.now() > deadline) throw new Error('the give-up was not handled in 30 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    try {
      failWith = undefined;
      let answer = () => undefined as void;
      holdAnswers = new Promise((resolve) => (answer = resolve));
      const requestsBefore = fakeRequests;
      expect((await transcripts(owner).retryTranscription({ videoId: id })).state).toBe(TranscriptState.TRANSCRIBING);
      // The Retry's job is with the server, and the first attempt gives up meanwhile.
      while (fakeRequests === requestsBefore) await new Promise((resolve) => setTimeout(resolve, 100));
      await giveUpLands();
      expect((await videos(owner).getVideo({ videoId: id })).transcriptState).toBe(TranscriptState.TRANSCRIBING);
      holdAnswers = undefined;
      answer();
      const done = await waitFor(id, settled, 'transcript after retry');
      expect([done.transcriptState, done.transcriptFailureReason]).toEqual([TranscriptState.DONE, '']);
      // And once the retried transcript is done.
      await giveUpLands();
      const after = await videos(owner).getVideo({ videoId: id });
      expect([after.transcriptState, after.transcriptFailureReason]).toEqual([TranscriptState.DONE, '']);
    } finally {
      holdAnswers = undefined;
      await boss.stop({ graceful: false, close: false });
    }
  }, 120_000);

  it("transcribes in the video's own language, else its owner's default, and refuses a language that is not one", async () => {
    const account = accountClient(server.baseUrl, owner.idToken);
    expect((await account.setDefaults({ defaultSpokenLanguage: 'fr' })).defaultSpokenLanguage).toBe('fr');
    expect(await codeOf(account.setDefaults({ defaultSpokenLanguage: 'French' }))).toBe(Code.InvalidArgument);
    expect((await account.getAccount({})).defaultSpokenLanguage).toBe('fr');
    try {
      failWith = undefined;
      const id = await uploaded();
      expect((await waitFor(id, settled, 'transcript')).transcriptState).toBe(TranscriptState.DONE);
      expect(lastTranscriptionForm).toMatch(/name="language"\r\n\r\nfr\r\n/);

      expect(
        await codeOf(
          videos(owner).updateVideo({
            videoId: id,
            spokenLanguage: 'de-DE',
            updateMask: { paths: ['spoken_language'] },
          }),
        ),
      ).toBe(Code.InvalidArgument);
      expect((await videos(owner).getVideo({ videoId: id })).spokenLanguage).toBe('');
      const set = await videos(owner).updateVideo({
        videoId: id,
        spokenLanguage: 'de',
        updateMask: { paths: ['spoken_language'] },
      });
      expect(set.spokenLanguage).toBe('de');
      expect(set.title).not.toBe(''); // the rest of the video kept
      await transcripts(owner).retryTranscription({ videoId: id });
      const again = await waitFor(id, settled, 'transcript in German');
      expect(again.transcriptState).toBe(TranscriptState.DONE);
      expect(lastTranscriptionForm).toMatch(/name="language"\r\n\r\nde\r\n/);
      // The server detected English in what it heard, whatever was asked: the transcript says so.
      expect(again.transcriptLanguage).toBe('en');
    } finally {
      await account.setDefaults({ defaultSpokenLanguage: '' });
    }
  }, 120_000);
});

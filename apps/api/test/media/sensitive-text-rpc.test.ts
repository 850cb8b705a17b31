// "Find sensitive text" through the real server: a generated recording (ffmpeg
// drawtext on a test pattern: an email address, a fake Stripe key, a Luhn-valid card number, a phone
// number and plain words) is uploaded and processed, then FindSensitiveText streams its progress
// and suggests blur regions over exactly those, with the times they are on screen, read by Debian's
// tesseract; the plain words are not suggested. Owner only, refused while processing or editing.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import { AnnotationKind, SensitiveTextKind, SensitiveTextService, Status, type Video } from '@stream/proto';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** 6 s at 1280x720: each line of text black on a white box, as on a screen; some only for a while. */
async function recordingWithSecrets(dir: string): Promise<Uint8Array> {
  const line = (text: string, y: number, enable?: string) =>
    `drawtext=fontfile=${FONT}:text='${text}':x=60:y=${y}:fontsize=36:fontcolor=black:box=1:boxcolor=white:boxborderw=12` +
    (enable ? `:enable='${enable}'` : '');
  const filters = [
    line('Contact jane.doe@example.com', 80, 'between(t,1,3.9)'),
    line('Key sk_live_4eC39HqLyjWDarjtT1zdp7dc', 200),
    line('Card 4242 4242 4242 4242', 320, 'between(t,2,4.9)'),
    line('Plain words about the weekly meeting 2026', 440),
    line('Call +1 415 555 0132', 560),
  ].join(',');
  const file = join(dir, 'secrets.webm');
  await promisify(execFile)('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=4:duration=6'],
    ...['-vf', filters, '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1M', file],
  ]);
  return new Uint8Array(await readFile(file));
}

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let other: TestUser;
let dir: string;
let video: Video;

const finder = (user?: TestUser) =>
  createClient(
    SensitiveTextService,
    createGrpcWebTransport({
      baseUrl: server.baseUrl,
      interceptors: [
        (next) => (request) => {
          if (user) request.header.set('authorization', `Bearer ${user.idToken}`);
          return next(request);
        },
      ],
    }),
  );

async function failure(call: () => Promise<unknown>): Promise<{ code: Code | 'ok'; message: string }> {
  try {
    await call();
    return { code: 'ok', message: '' };
  } catch (error) {
    if (error instanceof ConnectError) return { code: error.code, message: error.rawMessage };
    throw error;
  }
}

const everyStep = async (user: TestUser, videoId: string, intervalSeconds = 0) => {
  const steps = [];
  for await (const step of finder(user).findSensitiveText({ videoId, intervalSeconds })) steps.push(step);
  return steps;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stream-sensitive-'));
  const [started, bytes] = await Promise.all([startAuthEmulator(), recordingWithSecrets(dir)]);
  emulator = started;
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host, env: { WORKER: 'true' } });
  [owner, other] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
  const answer = await uploadVideo(server.baseUrl, bytes, { token: owner.idToken });
  expect(answer.status).toBe(201);
  const videos = videoClient(server.baseUrl, { token: owner.idToken });
  const deadline = Date.now() + 120_000;
  do {
    video = await videos.getVideo({ videoId: answer.json.video!.id });
    if (video.status !== Status.PROCESSING) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  } while (Date.now() < deadline);
  expect(video.status).toBe(Status.READY);
}, 300_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('FindSensitiveText', () => {
  it('suggests blurs over the email, the key, the card number and the phone number, when they show, and not the plain words', async () => {
    const steps = await everyStep(owner, video.id);
    // Progress as each of the 6 frames (one a second) is read, then the suggestions.
    expect(steps.map((step) => step.framesRead)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(steps.every((step) => step.framesTotal === 6)).toBe(true);
    const last = steps.at(-1)!;
    expect(last.done).toBe(true);
    expect(steps.slice(0, -1).every((step) => !step.done && step.found.length === 0)).toBe(true);

    const byKind = (kind: SensitiveTextKind) => last.found.filter((found) => found.kind === kind);
    const [email] = byKind(SensitiveTextKind.EMAIL);
    const [key] = byKind(SensitiveTextKind.API_KEY);
    const [card] = byKind(SensitiveTextKind.CARD_NUMBER);
    const [phone] = byKind(SensitiveTextKind.PHONE_NUMBER);
    expect([email?.masked, key?.masked, card?.masked, phone?.masked]).toEqual([
      'j•••@example.com',
      'sk_live_•••7dc',
      '•••• 4242',
      '••• 132',
    ]);
    expect(last.found).toHaveLength(4);
    // When: the email from 0:01 until the frame at 0:04 no longer shows it; the card 0:02 to 0:05;
    // the rest the whole video.
    const when = (found: typeof email) => [found!.region!.fromSeconds, found!.region!.toSeconds];
    expect(when(email)).toEqual([1, 4]);
    expect(when(card)).toEqual([2, 5]);
    expect(when(key)).toEqual([0, 6]);
    // Where: over each line (its top in percent of 720 px), starting near the left edge.
    const tops = { email: 80, key: 200, card: 320, phone: 560 };
    for (const [name, found] of Object.entries({ email, key, card, phone })) {
      const region = found!.region!;
      expect(region.kind).toBe(AnnotationKind.BLUR);
      const top = (tops[name as keyof typeof tops] / 720) * 100;
      // Covers the line's top, padded: tesseract's box of a "(" or a "@" reaches a pixel or two
      // above the others from one read to the next, so the bound above is a line's third, not 3%.
      expect(region.y).toBeLessThanOrEqual(top);
      expect(region.y).toBeGreaterThan(top - 5);
      expect(region.y + region.height).toBeGreaterThan(top + 4);
      expect(region.y + region.height).toBeLessThan(top + 8);
      expect(region.x).toBeLessThan(30);
      expect(region.width).toBeGreaterThan(5);
    }
    // The plain words' line (top 440 px, 61%) is in no suggestion.
    expect(last.found.some((found) => found.region!.y < 63 && found.region!.y + found.region!.height > 61)).toBe(false);
  }, 240_000);

  it('is the owner’s alone, one at a time, and refuses bad intervals, a video still processing or one being edited', async () => {
    expect(await failure(() => everyStep(other, video.id))).toMatchObject({ code: Code.NotFound });
    expect(await failure(() => everyStep(owner, video.id, -1))).toMatchObject({ code: Code.InvalidArgument });
    expect(await failure(() => everyStep(owner, 'no-such-video'))).toMatchObject({ code: Code.NotFound });
    const db = server.database.db;
    await db.updateTable('videos').set({ edit_state: 'APPLYING' }).where('id', '=', video.id).execute();
    try {
      expect(await failure(() => everyStep(owner, video.id))).toEqual({
        code: Code.FailedPrecondition,
        message: 'An edit is being applied: look for sensitive text once it is done',
      });
    } finally {
      await db.updateTable('videos').set({ edit_state: 'NONE' }).where('id', '=', video.id).execute();
    }
    // One search at a time per person: a second while the first runs is refused, the first goes on.
    const first = finder(owner).findSensitiveText({ videoId: video.id, intervalSeconds: 0 })[Symbol.asyncIterator]();
    expect((await first.next()).value?.framesTotal).toBe(6);
    expect(await failure(() => everyStep(owner, video.id))).toEqual({
      code: Code.ResourceExhausted,
      message: 'A search for sensitive text is already running: wait for it to end',
    });
    let steps = 1;
    while (!(await first.next()).done) steps++;
    expect(steps).toBe(7);
    const waiting = await videoClient(server.baseUrl, { token: owner.idToken }).createVideo({ title: 'Nothing yet' });
    expect(await failure(() => everyStep(owner, waiting.id))).toMatchObject({ code: Code.FailedPrecondition });
  });
});

// The profile photo through the real server, real ffmpeg and the Auth emulator: a
// picture PUT to /api/account/photo is cropped square and scaled by ffmpeg, served by its signed
// URL, and shown wherever the person appears (GetAccount, team lists, comments); a new one
// replaces it everywhere and deletes the old; deleting the account deletes it. Every bad input
// (not a picture, a picture's header on other bytes, 50 MB declared, too many bytes sent without a
// length, no token) is refused with its reason and changes nothing.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { AuthEmulator } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClient } from '../support/account-client';
import { startAuthEmulator } from '../support/auth-emulator';
import { signedInPerson } from '../support/people';
import { scratchDir } from '../support/scratch';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadVideo } from '../support/upload';
import { makeWebm } from '../support/webm';
import { readZip } from '@stream/video-api/testing';

let emulator: AuthEmulator;
let server: TestServer;
let webm: Buffer;
const dir = scratchDir('photo');

/** A `width`×`height` picture of `colour` made by ffmpeg, in the format its extension names. */
function picture(name: string, width: number, height: number, colour = 'red'): Buffer {
  const path = join(dir, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=${colour}:s=${width}x${height}`,
    '-frames:v',
    '1',
    path,
  ]);
  return readFileSync(path);
}

/** What ffprobe says of served bytes: codec and size. */
function probed(bytes: Buffer) {
  const path = join(dir, `served-${Math.random()}.jpg`);
  writeFileSync(path, bytes);
  const out = execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', path]).toString();
  const [stream] = (JSON.parse(out) as { streams: { codec_name: string; width: number; height: number }[] }).streams;
  return { codec: stream!.codec_name, width: stream!.width, height: stream!.height };
}

async function putPhoto(token: string | undefined, body: Uint8Array, type = 'image/png') {
  const response = await fetch(`${server.baseUrl}/api/account/photo`, {
    method: 'PUT',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new Blob([Buffer.from(body)]),
  });
  return {
    status: response.status,
    json: (await response.json()) as { photoUrl?: string; message?: string; reason?: string },
  };
}

const photoBlobs = async () => (await server.listBlobs()).filter((key) => key.startsWith('photos/'));

beforeAll(async () => {
  [emulator, webm] = await Promise.all([startAuthEmulator(), makeWebm({ seconds: 1 }).then((p) => readFileSync(p))]);
  server = await startTestServer({ database: 'pglite', emulatorHost: emulator.host });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe('a profile photo', () => {
  it('is made square at 256 px, served by its signed URL and shown in the account, team lists and comments', async () => {
    const a = await signedInPerson(server.baseUrl, emulator.host, 'Photo Person');
    const account = accountClient(server.baseUrl, a.user.idToken);
    const video = (await uploadVideo(server.baseUrl, webm, { token: a.user.idToken })).json.video!.id;
    const before = await a.talk().addComment({ videoId: video, text: 'before the photo', momentSeconds: 0 });
    expect(before.author?.photoUrl).toBe('');

    const put = await putPhoto(a.user.idToken, picture('wide.png', 640, 360));
    expect(put.status).toBe(200);
    const url = put.json.photoUrl!;
    expect(url).toMatch(/^\/api\/photos\/[A-Za-z0-9_-]{22}\.jpg\?signature=/);
    const served = await fetch(`${server.baseUrl}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(probed(Buffer.from(await served.arrayBuffer()))).toEqual({ codec: 'mjpeg', width: 256, height: 256 });

    expect((await account.getAccount({})).photoUrl).toBe(url);
    const team = await a.teams.createTeam({ name: 'Pictured' });
    const members = (await a.teams.getTeam({ teamId: team.id })).members;
    expect(members.find((m) => m.uid === a.user.uid)?.photoUrl).toBe(url);
    const after = await a.talk().addComment({ videoId: video, text: 'after the photo', momentSeconds: 1 });
    expect(after.author?.photoUrl).toBe(url);
    // The earlier comment shows the new photo too.
    const listed = (await a.talk().listComments({ videoId: video })).comments;
    expect(listed.map((c) => c.author?.photoUrl)).toEqual([url, url]);

    // A tall picture replaces it; the old photo's bytes are deleted and its URL answers 404.
    const next = await putPhoto(a.user.idToken, picture('tall.jpg', 300, 900, 'blue'), 'image/jpeg');
    expect(next.status).toBe(200);
    expect(next.json.photoUrl).not.toBe(url);
    expect((await fetch(`${server.baseUrl}${url}`)).status).toBe(404);
    expect((await photoBlobs()).length).toBe(1);
    expect((await account.getAccount({})).photoUrl).toBe(next.json.photoUrl);
    const again = (await a.talk().listComments({ videoId: video })).comments;
    expect(again.map((c) => c.author?.photoUrl)).toEqual([next.json.photoUrl, next.json.photoUrl]);

    // "Export my data" holds the photo as stored.
    const link = await account.getExportLink({});
    const zip = await readZip(Buffer.from(await (await fetch(`${server.baseUrl}${link.url}`)).arrayBuffer()));
    const servedNow = Buffer.from(await (await fetch(`${server.baseUrl}${next.json.photoUrl}`)).arrayBuffer());
    expect(zip.get('profile-photo.jpg')?.bytes.equals(servedNow)).toBe(true);

    // A forged or missing signature finds nothing. Forged: its first character changed (to 'A', or
    // to 'B' where it was 'A', as one signature in 64 begins).
    const tampered = next.json.photoUrl!.replace(/signature=(.)/, (_, first: string) =>
      first === 'A' ? 'signature=B' : 'signature=A',
    );
    expect(tampered).not.toBe(next.json.photoUrl);
    expect((await fetch(`${server.baseUrl}${tampered}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}${next.json.photoUrl!.split('?')[0]}`)).status).toBe(404);
  });

  it('refuses what is not a picture, and a picture header on other bytes, with its reason and changes nothing', async () => {
    const b = await signedInPerson(server.baseUrl, emulator.host, 'Careful Person');
    const account = accountClient(server.baseUrl, b.user.idToken);
    const kept = (await putPhoto(b.user.idToken, picture('kept.png', 100, 100))).json.photoUrl;
    const blobs = await photoBlobs();

    const fakePng = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(2000, 7)]);
    for (const body of [webm, Buffer.from('just some text, not a picture'), fakePng]) {
      const refused = await putPhoto(b.user.idToken, body);
      expect(refused.status).toBe(400);
      expect(refused.json.reason).toBe('ACCOUNT_REFUSAL_REASON_PHOTO_NOT_IMAGE');
      expect(refused.json.message).toMatch(/picture/);
    }
    expect((await account.getAccount({})).photoUrl).toBe(kept);
    expect(await photoBlobs()).toEqual(blobs);
  });

  it('refuses 50 MB by its declared length before reading it, and more than 5 MB sent without one', async () => {
    const c = await signedInPerson(server.baseUrl, emulator.host, 'Big Picture');
    const blobs = await photoBlobs();

    // 50 MB declared, one kilobyte sent: the answer comes without the rest of the body.
    const { port } = new URL(server.baseUrl);
    const early = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: '/api/account/photo',
          headers: {
            authorization: `Bearer ${c.user.idToken}`,
            'content-type': 'image/png',
            'content-length': String(50 * 1024 * 1024),
          },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.on('end', () => {
            resolve({ status: response.statusCode!, body });
            request.destroy();
          });
        },
      );
      request.on('error', reject);
      request.write(Buffer.alloc(1024));
    });
    expect(early.status).toBe(413);
    expect(JSON.parse(early.body)).toMatchObject({ reason: 'ACCOUNT_REFUSAL_REASON_PHOTO_TOO_LARGE' });

    // Chunked, no length: refused once the bytes pass 5 MB.
    let sent = 0;
    const chunks = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 7) controller.enqueue(new Uint8Array(1024 * 1024));
        else controller.close();
      },
    });
    const response = await fetch(`${server.baseUrl}/api/account/photo`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${c.user.idToken}` },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { reason: string }).reason).toBe('ACCOUNT_REFUSAL_REASON_PHOTO_TOO_LARGE');

    expect((await putPhoto(undefined, picture('anon.png', 50, 50))).status).toBe(401);
    expect((await accountClient(server.baseUrl, c.user.idToken).getAccount({})).photoUrl).toBe('');
    expect(await photoBlobs()).toEqual(blobs);
  });

  it('is deleted with the account', async () => {
    const d = await signedInPerson(server.baseUrl, emulator.host, 'Leaving Soon');
    const url = (await putPhoto(d.user.idToken, picture('leaving.png', 200, 120))).json.photoUrl!;
    const id = url.split('/').pop()!.split('.')[0]!;
    expect((await photoBlobs()).some((key) => key.includes(id))).toBe(true);
    await accountClient(server.baseUrl, d.user.idToken).deleteAccount({ confirmEmail: d.user.email });
    expect((await photoBlobs()).some((key) => key.includes(id))).toBe(false);
    expect((await fetch(`${server.baseUrl}${url}`)).status).toBe(404);
  });
});

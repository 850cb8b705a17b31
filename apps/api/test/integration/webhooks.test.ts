// Webhooks through the real server (its worker on), the Auth emulator and a
// real HTTP receiver on 127.0.0.1: a comment, a test send, a processed upload (video.ready) and a
// 10th view beacon (view.milestone) reach personal and team hooks as signed POSTs; a receiver
// answering 500 is retried with backoff and the delivery marked failed; bad input (a URL that is
// not http, another team's id, another person's hook, a member who is not an admin) is refused
// and stores nothing. A second server without WEBHOOK_ALLOW_PRIVATE refuses loopback, private,
// link-local and metadata addresses, and re-checks at delivery time (DNS rebinding).
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Code } from '@connectrpc/connect';
import { TeamRole, WebhookDeliveryStatus, WebhookEvent } from '@stream/proto';
import type { AuthEmulator } from '@stream/auth/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { signedInPerson } from '../support/people';
import { failureCode } from '../support/rpc-failure';
import { startTestServer, type TestServer } from '../support/test-server';
import { tusClient } from '../support/tus';
import { until } from '../support/until';
import { uploadVideo } from '../support/upload';
import { videoClient } from '../support/clients';
import { makeWebm } from '../support/webm';
import { webhookClient } from '../support/webhook-client';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let emulator: AuthEmulator;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  emulator = await startAuthEmulator();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.statusCode = request.url?.startsWith('/fail') ? 500 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await emulator?.stop();
});

const at = (path: string) => received.filter((request) => request.path === path);

/** The one request `path` received for `event`, once it came; its signature checked against `secret`. */
async function signedDelivery(path: string, event: string, secret: string) {
  const [request, ...more] = await until(
    `${event} at ${path}`,
    () => {
      const found = at(path).filter((one) => one.headers['stream-event'] === event);
      return found.length > 0 ? found : undefined;
    },
    40_000,
  );
  expect(more).toEqual([]);
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request!.headers['stream-signature'])) ?? [];
  expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${request!.body}`).digest('hex'));
  return JSON.parse(request!.body) as {
    id: string;
    event: string;
    video?: { id: string };
    data: Record<string, unknown>;
  };
}

async function personOn(server: TestServer, name: string) {
  const person = await signedInPerson(server.baseUrl, emulator.host, name);
  return { ...person, hooks: webhookClient(server.baseUrl, person.user.idToken) };
}

/** A shared video of `owner`'s: its id and share token. */
async function videoOf(server: TestServer, owner: Awaited<ReturnType<typeof personOn>>) {
  const video = await owner.videos.createVideo({ title: 'Demo <1>', url: 'https://example.com/demo.mp4' });
  await server.database.db.updateTable('videos').set({ duration_seconds: 10 }).where('id', '=', video.id).execute();
  const link = await owner.videos.shareVideo({ videoId: video.id });
  return { id: video.id, shareToken: new URL(link.url).pathname.split('/').pop()! };
}

const hookRows = (server: TestServer) => server.database.db.selectFrom('webhooks').selectAll().execute();

describe('webhooks with WEBHOOK_ALLOW_PRIVATE=1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      database: 'pglite',
      emulatorHost: emulator.host,
      env: {
        WORKER: 'true',
        WEBHOOK_ALLOW_PRIVATE: '1',
        WEBHOOK_RETRY_LIMIT: '2',
        WEBHOOK_RETRY_DELAY_SECONDS: '1',
        PUBLIC_URL: 'https://stream.example.com',
      },
    });
  }, 120_000);
  afterAll(() => server?.close());

  it('POSTs a comment to the receiver, signed with the hook secret, and lists it delivered', async () => {
    const owner = await personOn(server, 'Olga');
    const viewer = await personOn(server, 'Vera');
    const video = await videoOf(server, owner);
    const { webhook, secret } = await owner.hooks.createWebhook({
      url: `${receiverUrl}/ok`,
      events: [WebhookEvent.COMMENT_CREATED],
    });
    expect(secret).toMatch(/^whsec_/);
    expect((await owner.hooks.listWebhooks({})).webhooks.map((hook) => hook.id)).toEqual([webhook!.id]);

    await viewer.talk(video.shareToken).addReaction({ videoId: video.id, emoji: '👍', momentSeconds: 1 }); // not asked for
    const comment = await viewer
      .talk(video.shareToken)
      .addComment({ videoId: video.id, text: 'Nice <b>', momentSeconds: 2 });
    const [request] = await until('the delivery', () => (at('/ok').length > 0 ? at('/ok') : undefined), 20_000);
    const signature = String(request!.headers['stream-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${request!.body}`).digest('hex'));
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['stream-event']).toBe('comment.created');
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({
      event: 'comment.created',
      video: { id: video.id, title: 'Demo <1>', url: `https://stream.example.com/video/${video.id}` },
      data: { comment: { id: comment.id, text: 'Nice <b>', momentSeconds: 2, author: { displayName: 'Vera' } } },
    });
    expect(request!.headers['stream-delivery']).toBe(body.id);

    const { deliveries } = await until('the delivery marked', async () => {
      const listed = await owner.hooks.listWebhookDeliveries({ webhookId: webhook!.id });
      return listed.deliveries[0]?.status === WebhookDeliveryStatus.DELIVERED ? listed : undefined;
    });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      id: body.id,
      event: WebhookEvent.COMMENT_CREATED,
      attempts: 1,
      lastResponseCode: 204,
      lastError: '',
    });
  });

  it('retries a receiver answering 500 with backoff, then marks the delivery failed', async () => {
    const owner = await personOn(server, 'Fay');
    const video = await videoOf(server, owner);
    const { webhook } = await owner.hooks.createWebhook({
      url: `${receiverUrl}/fail`,
      events: [WebhookEvent.COMMENT_CREATED, WebhookEvent.REACTION_CREATED],
    });
    const viewer = await personOn(server, 'Gus');
    await viewer.talk(video.shareToken).addReaction({ videoId: video.id, emoji: '🎉', momentSeconds: 3 });
    const delivery = await until(
      'the delivery to fail',
      async () => {
        const [first] = (await owner.hooks.listWebhookDeliveries({ webhookId: webhook!.id })).deliveries;
        return first?.status === WebhookDeliveryStatus.FAILED ? first : undefined;
      },
      40_000,
    );
    expect(delivery).toMatchObject({ event: WebhookEvent.REACTION_CREATED, attempts: 3, lastResponseCode: 500 });
    expect(delivery.lastError).toContain('500');
    const attempts = at('/fail');
    expect(attempts).toHaveLength(3); // the first and WEBHOOK_RETRY_LIMIT (2) retries
    expect(new Set(attempts.map((attempt) => attempt.headers['stream-delivery']))).toEqual(new Set([delivery.id]));
  }, 60_000);

  it('refuses bad input with a clear error and stores nothing', async () => {
    const admin = await personOn(server, 'Ada');
    const member = await personOn(server, 'Max');
    const outsider = await personOn(server, 'Oz');
    const team = await admin.teams.createTeam({ name: 'Crew' });
    const invite = await admin.teams.createInvite({ teamId: team.id, role: TeamRole.MEMBER });
    await member.teams.acceptInvite({ token: invite.token });
    const { webhook } = await admin.hooks.createWebhook({
      url: `${receiverUrl}/team`,
      events: [WebhookEvent.VIDEO_READY],
      teamId: team.id,
    });
    const before = await hookRows(server);

    const ok = { events: [WebhookEvent.COMMENT_CREATED] };
    expect(
      await Promise.all([
        failureCode(admin.hooks.createWebhook({ ...ok, url: 'ftp://example.com/hook' })),
        failureCode(admin.hooks.createWebhook({ ...ok, url: 'javascript:alert(1)' })),
        failureCode(admin.hooks.createWebhook({ ...ok, url: 'not a url' })),
        failureCode(admin.hooks.createWebhook({ ...ok, url: `http://user:pw@127.0.0.1/x` })),
        failureCode(admin.hooks.createWebhook({ ...ok, url: `https://example.com/${'x'.repeat(2048)}` })),
        failureCode(admin.hooks.createWebhook({ url: `${receiverUrl}/x`, events: [] })),
        failureCode(admin.hooks.createWebhook({ url: `${receiverUrl}/x`, events: [WebhookEvent.UNSPECIFIED] })),
        failureCode(admin.hooks.createWebhook({ url: `${receiverUrl}/x`, events: [2, 2] })),
        failureCode(admin.hooks.createWebhook({ url: 'http://no-such-host.invalid/x', ...ok })),
      ]),
    ).toEqual(Array(9).fill(Code.InvalidArgument));
    // Another team's id, a team one only belongs to, another person's hook.
    expect(await failureCode(outsider.hooks.createWebhook({ ...ok, url: `${receiverUrl}/x`, teamId: team.id }))).toBe(
      Code.NotFound,
    );
    expect(await failureCode(outsider.hooks.listWebhooks({ teamId: team.id }))).toBe(Code.NotFound);
    expect(await failureCode(member.hooks.createWebhook({ ...ok, url: `${receiverUrl}/x`, teamId: team.id }))).toBe(
      Code.PermissionDenied,
    );
    expect(await failureCode(member.hooks.deleteWebhook({ webhookId: webhook!.id }))).toBe(Code.NotFound);
    // A member sees nothing of the team's hooks: neither the list, nor deliveries, nor a test send.
    expect(await failureCode(member.hooks.listWebhooks({ teamId: team.id }))).toBe(Code.PermissionDenied);
    expect(await failureCode(member.hooks.listWebhookDeliveries({ webhookId: webhook!.id }))).toBe(Code.NotFound);
    expect(await failureCode(member.hooks.sendTestWebhook({ webhookId: webhook!.id }))).toBe(Code.NotFound);
    expect(await failureCode(outsider.hooks.sendTestWebhook({ webhookId: webhook!.id }))).toBe(Code.NotFound);
    expect(await failureCode(outsider.hooks.sendTestWebhook({ webhookId: 'x'.repeat(65) }))).toBe(Code.InvalidArgument);
    expect(await failureCode(admin.hooks.createWebhook({ url: `${receiverUrl}/x`, events: [WebhookEvent.TEST] }))).toBe(
      Code.InvalidArgument,
    ); // a test is sent, not asked for
    expect(await failureCode(outsider.hooks.deleteWebhook({ webhookId: webhook!.id }))).toBe(Code.NotFound);
    expect(await failureCode(outsider.hooks.listWebhookDeliveries({ webhookId: webhook!.id }))).toBe(Code.NotFound);
    expect(await failureCode(outsider.hooks.deleteWebhook({ webhookId: '' }))).toBe(Code.InvalidArgument);
    expect(await failureCode(member.hooks.createWebhook({ ...ok, url: `${receiverUrl}/x` }))).toBe('ok'); // their own
    expect(
      await server.database.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('webhook_id', '=', webhook!.id)
        .execute(),
    ).toEqual([]);
    const after = await hookRows(server);
    expect(after.filter((row) => !before.some((old) => old.id === row.id)).map((row) => row.owner_uid)).toEqual([
      member.user.uid,
    ]);
    // The team's admins see and delete the team's hook.
    expect((await admin.hooks.listWebhooks({ teamId: team.id })).webhooks.map((hook) => hook.id)).toEqual([
      webhook!.id,
    ]);
    await admin.hooks.deleteWebhook({ webhookId: webhook!.id });
    expect((await admin.hooks.listWebhooks({ teamId: team.id })).webhooks).toEqual([]);
  });
  it('sends a team hook a signed test delivery on its admin’s request and lists it delivered', async () => {
    const admin = await personOn(server, 'Tess');
    const team = await admin.teams.createTeam({ name: 'Testers' });
    const { webhook, secret } = await admin.hooks.createWebhook({
      url: `${receiverUrl}/test-send`,
      events: [WebhookEvent.VIDEO_READY],
      teamId: team.id,
    });
    const queued = await admin.hooks.sendTestWebhook({ webhookId: webhook!.id });
    expect(queued.event).toBe(WebhookEvent.TEST);
    const body = await signedDelivery('/test-send', 'webhook.test', secret);
    expect(body).toMatchObject({ id: queued.id, event: 'webhook.test' });
    expect(body.video).toBeUndefined();
    const listed = await until('the test delivery marked', async () => {
      const [first] = (await admin.hooks.listWebhookDeliveries({ webhookId: webhook!.id })).deliveries;
      return first?.status === WebhookDeliveryStatus.DELIVERED ? first : undefined;
    });
    expect(listed).toMatchObject({ id: queued.id, event: WebhookEvent.TEST, attempts: 1, lastResponseCode: 204 });
    // A button, not a flood: five a minute per hook, then refused with nothing queued.
    for (let n = 2; n <= 5; n += 1) await admin.hooks.sendTestWebhook({ webhookId: webhook!.id });
    expect(await failureCode(admin.hooks.sendTestWebhook({ webhookId: webhook!.id }))).toBe(Code.ResourceExhausted);
    expect((await admin.hooks.listWebhookDeliveries({ webhookId: webhook!.id })).deliveries).toHaveLength(5);
  });

  it('delivers video.ready when an upload finishes processing and view.milestone at the 10th view, to the owner’s and the team’s hooks', async () => {
    const admin = await personOn(server, 'Ari');
    const mia = await personOn(server, 'Mia');
    const team = await admin.teams.createTeam({ name: 'Makers' });
    await mia.teams.acceptInvite({
      token: (await admin.teams.createInvite({ teamId: team.id, role: TeamRole.MEMBER })).token,
    });
    const events = [WebhookEvent.VIDEO_READY, WebhookEvent.VIEW_MILESTONE];
    const mine = await mia.hooks.createWebhook({ url: `${receiverUrl}/mia`, events });
    const crew = await admin.hooks.createWebhook({ url: `${receiverUrl}/makers`, events, teamId: team.id });
    const webm = await readFile(await makeWebm({ seconds: 1 }));

    // Mia's personal video: her hook hears of it, the team's does not.
    const upload = await uploadVideo(server.baseUrl, webm, { token: mia.user.idToken });
    const personalId = upload.json.video!.id;
    expect(await signedDelivery('/mia', 'video.ready', mine.secret)).toMatchObject({
      event: 'video.ready',
      video: { id: personalId },
    });

    // A recording made in the team's library (created, moved, then its bytes): both hooks hear.
    const tus = tusClient(server.baseUrl, mia.user.idToken);
    const created = await tus.create({ title: 'Team recording' });
    const teamVideoId = created.headers.get('stream-video-id')!;
    await mia.teams.moveVideoToTeam({ videoId: teamVideoId, teamId: team.id });
    expect((await tus.patch(created.headers.get('location')!, 0, webm, { length: webm.length })).status).toBe(204);
    const ready = await signedDelivery('/makers', 'video.ready', crew.secret);
    expect(ready).toMatchObject({ video: { id: teamVideoId }, data: { durationSeconds: expect.any(Number) } });
    await until('the owner’s hook to hear of the team video', () =>
      at('/mia').some((one) => JSON.parse(one.body).video?.id === teamVideoId) ? true : undefined,
    );
    expect(at('/makers').filter((one) => one.headers['stream-event'] === 'video.ready')).toHaveLength(1);

    // Ten viewers' view beacons through the share link, as the watch page sends them: the 10th is a milestone.
    const { url } = await mia.videos.shareVideo({ videoId: teamVideoId });
    const viewer = videoClient(server.baseUrl, {
      headers: { 'x-share-token': new URL(url).pathname.split('/').pop()! },
    });
    for (let n = 1; n <= 10; n += 1) {
      expect((await viewer.recordView({ videoId: teamVideoId, viewerId: `browser-${n}` })).viewCount).toBe(BigInt(n));
      if (n === 9) expect(at('/makers').filter((one) => one.headers['stream-event'] === 'view.milestone')).toEqual([]);
    }
    await viewer.recordView({ videoId: teamVideoId, viewerId: 'browser-10' }); // the same viewer again: no second milestone
    for (const [path, secret] of [
      ['/makers', crew.secret],
      ['/mia', mine.secret],
    ] as const) {
      expect(await signedDelivery(path, 'view.milestone', secret)).toMatchObject({
        event: 'view.milestone',
        video: { id: teamVideoId },
        data: { views: 10 },
      });
    }
  }, 90_000);
});

describe('webhooks without WEBHOOK_ALLOW_PRIVATE', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      database: 'pglite',
      emulatorHost: emulator.host,
      env: { WORKER: 'true', WEBHOOK_RETRY_LIMIT: '0' },
    });
  }, 120_000);
  afterAll(() => server?.close());

  it('refuses loopback, private, link-local and metadata addresses, written or resolved', async () => {
    const person = await personOn(server, 'Sam');
    const events = [WebhookEvent.COMMENT_CREATED];
    const refused = [
      receiverUrl,
      'http://localhost:9/x',
      'http://10.1.2.3/x',
      'http://172.16.0.1/x',
      'http://192.168.1.1/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[fd00:ec2::254]/x',
      'http://0.0.0.0/x',
      'http://2130706433/x', // 127.0.0.1 as one number
      'http://[::127.0.0.1]/x', // IPv4-compatible IPv6, stored as [::7f00:1]
      'http://0x7f.1/x',
      'http://[64:ff9b::10.0.0.1]/x', // NAT64 of a private address
      'http://[2002:a9fe:a9fe::1]/x', // 6to4 of the metadata address
    ];
    for (const url of refused) {
      expect({ url, code: await failureCode(person.hooks.createWebhook({ url, events })) }).toEqual({
        url,
        code: Code.InvalidArgument,
      });
    }
    expect(await hookRows(server)).toEqual([]);
  });

  it('checks the address again when delivering: a host that turned private reaches nothing', async () => {
    const owner = await personOn(server, 'Rita');
    const video = await videoOf(server, owner);
    // A hook registered while its host's name was public; the name now resolves to loopback, as a
    // rebinding DNS would answer (localhost stands in for it).
    const webhook = { id: crypto.randomUUID() };
    await server.database.db
      .insertInto('webhooks')
      .values({
        id: webhook.id,
        owner_uid: owner.user.uid,
        team_id: null,
        url: `${receiverUrl.replace('127.0.0.1', 'localhost')}/rebound`,
        secret: 'whsec_test',
        events: JSON.stringify(['comment.created']),
      })
      .execute();
    const viewer = await personOn(server, 'Tom');
    await viewer.talk(video.shareToken).addComment({ videoId: video.id, text: 'hi', momentSeconds: 0 });
    const delivery = await until('the delivery to fail', async () => {
      const [first] = (await owner.hooks.listWebhookDeliveries({ webhookId: webhook!.id })).deliveries;
      return first?.status === WebhookDeliveryStatus.FAILED ? first : undefined;
    });
    expect(delivery.lastResponseCode).toBe(0);
    expect(delivery.lastError).toMatch(/non-public address/);
    expect(at('/rebound')).toEqual([]);
  });
});

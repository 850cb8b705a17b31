// A team's webhook lives as long as its maker may manage it: through the real server (its worker
// on) and a real receiver on 127.0.0.1, a team admin's hook hears the team's comments, falls
// silent once they are made a plain member, speaks again when they are an admin again, and falls
// silent for good once they are removed from the team, or once the instance's admin disables
// them; a hook of the team's owner, beside it, hears every comment throughout.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthEmulator } from '@stream/auth/testing';
import { TeamRole, WebhookEvent } from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../support/auth-emulator';
import { adminClient } from '../support/admin-clients';
import { signedInPerson } from '../support/people';
import { startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/until';
import { webhookClient } from '../support/webhook-client';

let emulator: AuthEmulator;
let server: TestServer;
let receiver: Server;
let receiverUrl: string;
/** The comment texts each path of the receiver was sent. */
const heard = new Map<string, string[]>();
let instanceAdmin: Awaited<ReturnType<typeof personOn>>;

beforeAll(async () => {
  emulator = await startAuthEmulator();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { data: { comment?: { text: string } } };
      const path = request.url ?? '';
      if (body.data.comment) heard.set(path, [...(heard.get(path) ?? []), body.data.comment.text]);
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    env: { WORKER: 'true', WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_DELAY_SECONDS: '1' },
  });
  instanceAdmin = await personOn('Ida Instance'); // the first account: the instance's admin
}, 120_000);
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await emulator?.stop();
});

async function personOn(name: string) {
  const person = await signedInPerson(server.baseUrl, emulator.host, name);
  await person.videos.listVideos({ pageSize: 1 }); // recorded as a person
  return { ...person, hooks: webhookClient(server.baseUrl, person.user.idToken) };
}

/** A team of a new owner with a new admin in it, a comment.created hook of each, and a video of the owner's in it. */
async function teamWithHooks(tag: string) {
  const owner = await personOn(`Owner ${tag}`);
  const maker = await personOn(`Maker ${tag}`);
  const team = await owner.teams.createTeam({ name: `Crew ${tag}` });
  const { token } = await owner.teams.createInvite({ teamId: team.id, role: TeamRole.ADMIN });
  await maker.teams.acceptInvite({ token });
  const events = [WebhookEvent.COMMENT_CREATED];
  await owner.hooks.createWebhook({ url: `${receiverUrl}/${tag}/owner`, events, teamId: team.id });
  await maker.hooks.createWebhook({ url: `${receiverUrl}/${tag}/maker`, events, teamId: team.id });
  const video = await owner.videos.createVideo({ title: 'Team talk', url: 'https://example.com/v.mp4' });
  await server.database.db.updateTable('videos').set({ duration_seconds: 60 }).where('id', '=', video.id).execute();
  await owner.teams.moveVideoToTeam({ videoId: video.id, teamId: team.id });
  /** Posts `text`; resolves once the owner's hook heard it, with what the maker's hook heard by then. */
  const say = async (text: string) => {
    await owner.talk().addComment({ videoId: video.id, text, momentSeconds: 1 });
    await until(`${text} at the owner's hook`, () => heard.get(`/${tag}/owner`)?.includes(text) || undefined, 40_000);
    // The maker's delivery, had one been queued with the owner's, is sent by the same worker.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return heard.get(`/${tag}/maker`) ?? [];
  };
  return { owner, maker, teamId: team.id, say };
}

describe("a team's webhook and the admin who made it", () => {
  it('falls silent while its maker is not an admin of the team, and for good once they are removed', async () => {
    const { owner, maker, teamId, say } = await teamWithHooks('roles');
    expect(await say('one')).toEqual(['one']);
    await owner.teams.changeRole({ teamId, uid: maker.user.uid, role: TeamRole.MEMBER });
    expect(await say('two')).toEqual(['one']);
    await owner.teams.changeRole({ teamId, uid: maker.user.uid, role: TeamRole.ADMIN });
    expect(await say('three')).toEqual(['one', 'three']);
    await owner.teams.removeMember({ teamId, uid: maker.user.uid });
    expect(await say('four')).toEqual(['one', 'three']);
    expect(heard.get('/roles/owner')).toEqual(['one', 'two', 'three', 'four']);
  }, 120_000);

  it('falls silent once its maker is disabled', async () => {
    const { maker, say } = await teamWithHooks('disabled');
    expect(await say('one')).toEqual(['one']);
    await adminClient(server.baseUrl, instanceAdmin.user.idToken).setPersonDisabled({
      uid: maker.user.uid,
      disabled: true,
    });
    expect(await say('two')).toEqual(['one']);
  }, 120_000);
});

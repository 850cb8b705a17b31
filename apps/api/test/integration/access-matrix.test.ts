// Who may call what, for the whole contract: every RPC of every service (walked from the generated
// descriptors) has a declared rule (access-rules.ts), and real calls through the server hold each
// standing to it. Here: signed out, a disabled person, an API key of a deleted account, and another
// person naming the owner's video, team, folder, webhook, comment, link and key; every refusal
// changes nothing. The owner and their keys (access-matrix-owner), a team's people and another
// team's (access-matrix-teams), share links working and not (access-matrix-links) and the HTTP
// routes (access-matrix-http) have files of their own.
// A new RPC without a rule fails "declares a rule for every RPC", naming it.
import { readdirSync } from 'node:fs';
import type { DescMethod } from '@bufbuild/protobuf';
import { getOption } from '@bufbuild/protobuf';
import { Code, createClient } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import type { AuthEmulator, TestUser } from '@stream/auth/testing';
import * as proto from '@stream/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, apiKeyClient } from '../support/admin-clients';
import { startAuthEmulator } from '../support/auth-emulator';
import { newTestUser } from '../support/test-tokens';
import { videoClient } from '../support/clients';
import { libraryClient } from '../support/library-client';
import { teamClient } from '../support/team-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { webhookClient } from '../support/webhook-client';
import { conversationClient } from '../support/conversation-client';
import { RULES, unruled } from './access-rules';
import { call, everyRpc, files, methods, nameOf } from './access-matrix-support';
import { signedOutMayCall } from '../../src/platform/auth/auth.interceptor';

describe('the access rules', () => {
  it('read every generated file of the contract', () => {
    const generated = readdirSync(new URL('../../../../libs/proto/src/gen/videoservice/', import.meta.url)).filter(
      (name) => name.endsWith('_pb.ts'),
    );
    expect(files.map((file) => `${file.name.replace(/^videoservice\//, '')}_pb.ts`).sort()).toEqual(generated.sort());
    expect(methods.length).toBeGreaterThan(80);
  });

  it('declares a rule for every RPC, and none for an RPC the contract lacks', () => {
    expect(
      unruled(methods.map(({ method }) => method)),
      'add a rule to apps/api/test/integration/access-rules.ts',
    ).toEqual([]);
    const known = new Set(methods.map(({ method }) => nameOf(method)));
    expect(Object.keys(RULES).filter((name) => !known.has(name))).toEqual([]);
  });

  it('fails for an RPC added without a rule, naming it', () => {
    // A scratch copy of a service with one more method, as a new RPC in the .proto would make it.
    const video = proto.VideoService;
    const added = { ...video.methods[0]!, name: 'PublishVideo', parent: video } as DescMethod;
    expect(unruled([...video.methods, added])).toEqual(['VideoService/PublishVideo']);
  });

  it('lets a signed-out caller in by service and method, not by a method name alone', () => {
    expect(signedOutMayCall(proto.VideoService.method.getVideo)).toBe(true);
    // Another service's method of the same name, as a scratch copy would be without the option.
    const admin = proto.AdminService;
    const sameName = { ...admin.methods[0]!, name: 'GetVideo', parent: admin } as DescMethod;
    expect(signedOutMayCall(sameName)).toBe(false);
  });

  it('says signed-out callers may call exactly the methods the contract marks anonymous', () => {
    for (const { method } of methods)
      expect(getOption(method, proto.anonymous), nameOf(method)).toBe(RULES[nameOf(method)]!.anonymous === true);
  });
});

let emulator: AuthEmulator;
let server: TestServer;
let owner: TestUser;
let other: TestUser;
let disabled: TestUser;
/** The owner's things, named by the other callers. */
const theirs: Record<string, string> = {};
let deletedAccountsKey: string;

/** Fills every id a request names with the owner's, and enough else to get past the shape checks. */
function aimedAtTheOwner(method: DescMethod): object {
  const request: Record<string, unknown> = {};
  for (const field of method.input.fields) {
    const value = theirs[field.name];
    if (field.name === 'video_ids') request[field.localName] = [theirs.video_id];
    else if (field.name === 'ids') request[field.localName] = [theirs.notification_id ?? '1'];
    else if (value !== undefined && field.fieldKind === 'scalar') request[field.localName] = value;
    else if (['name', 'text', 'title', 'display_name', 'confirm_email'].includes(field.name))
      request[field.localName] = field.name === 'confirm_email' ? owner.email : 'x';
  }
  return request;
}

/** What of the owner's a refusal must leave as it was. */
async function ownersState(): Promise<string> {
  const token = owner.idToken;
  const [video, team, hooks, folders, keys, comments] = await Promise.all([
    videoClient(server.baseUrl, { token }).getVideo({ videoId: theirs.video_id }),
    teamClient(server.baseUrl, token).getTeam({ teamId: theirs.team_id }),
    webhookClient(server.baseUrl, token).listWebhooks({}),
    libraryClient(server.baseUrl, token).listFolders({ parentId: '' }),
    apiKeyClient(server.baseUrl, token).listApiKeys({}),
    conversationClient(server.baseUrl, { token }).listComments({ videoId: theirs.video_id }),
  ]);
  const { title, description, visibility, folderId, tags, teamId, userId } = video;
  return JSON.stringify(
    {
      video: { title, description, visibility, folderId, tags, teamId, userId },
      members: team.members.map((member) => [member.uid, member.role]),
      name: team.team?.name,
      hooks: hooks.webhooks.map((hook) => hook.id),
      folders: folders.folders.map((folder) => [folder.id, folder.name, folder.parentId]),
      keys: keys.keys.map((key) => key.id),
      comments: comments.comments.map((comment) => [comment.id, comment.text]),
    },
    (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value),
  );
}

beforeAll(async () => {
  // DeleteAccount deletes the sign-in account too: the run's emulator answers for it.
  emulator = await startAuthEmulator();
  server = await startTestServer({
    database: 'pglite',
    emulatorHost: emulator.host,
    env: { WEBHOOK_ALLOW_PRIVATE: '1' },
  });
  // The first to sign in is the instance's admin: the owner, who disables `disabled`.
  owner = await newTestUser(emulator.host);
  await videoClient(server.baseUrl, { token: owner.idToken }).listVideos({ pageSize: 1 });
  const leaver = await newTestUser(emulator.host);
  [other, disabled] = await Promise.all([newTestUser(emulator.host), newTestUser(emulator.host)]);
  for (const person of [other, disabled, leaver])
    await videoClient(server.baseUrl, { token: person.idToken }).listVideos({ pageSize: 1 });
  await adminClient(server.baseUrl, owner.idToken).setPersonDisabled({ uid: disabled.uid, disabled: true });

  // An API key whose account is then deleted.
  deletedAccountsKey = (await apiKeyClient(server.baseUrl, leaver.idToken).createApiKey({ name: 'CI' })).secret;
  const leaverAccount = createClient(
    proto.AccountService,
    createGrpcWebTransport({
      baseUrl: server.baseUrl,
      interceptors: [
        (next) => (req) => {
          req.header.set('authorization', `Bearer ${leaver.idToken}`);
          return next(req);
        },
      ],
    }),
  );
  await leaverAccount.deleteAccount({ confirmEmail: leaver.email });

  // The owner's things.
  const token = owner.idToken;
  const video = await videoClient(server.baseUrl, { token }).createVideo({
    title: 'Mine',
    url: 'https://example.com/mine.mp4',
  });
  theirs.video_id = video.id;
  const team = await teamClient(server.baseUrl, token).createTeam({ name: 'Owners' });
  theirs.team_id = team.id;
  theirs.uid = owner.uid;
  theirs.folder_id = (await libraryClient(server.baseUrl, token).createFolder({ name: 'Filed' })).id;
  theirs.parent_id = theirs.folder_id;
  const comment = await conversationClient(server.baseUrl, { token }).addComment({ videoId: video.id, text: 'hi' });
  theirs.comment_id = comment.id;
  theirs.parent_id = theirs.folder_id;
  theirs.webhook_id = (
    await webhookClient(server.baseUrl, token).createWebhook({
      url: 'http://127.0.0.1:9/hook',
      events: [proto.WebhookEvent.COMMENT_CREATED],
    })
  ).webhook!.id;
  theirs.id = (await apiKeyClient(server.baseUrl, token).createApiKey({ name: 'Mine' })).key!.id;
  theirs.link_id = 'main';
  const invite = await teamClient(server.baseUrl, token).createInvite({ teamId: team.id, maxUses: 1 });
  theirs.invite_id = invite.invite!.id;
}, 180_000);

afterAll(async () => {
  await server?.close();
  await emulator?.stop();
});

describe('every RPC, called', () => {
  it('signed out: unauthenticated unless the contract marks it anonymous', async () => {
    const wrong: string[] = [];
    await everyRpc(async ({ service, method, rule }) => {
      const outcome = await call(server.baseUrl, service, method, aimedAtTheOwner(method), {});
      const expected = rule.anonymous ? rule.signedOut : Code.Unauthenticated;
      if (outcome !== expected) wrong.push(`${nameOf(method)}: ${String(outcome)}, declared ${String(expected)}`);
    });
    expect(wrong).toEqual([]);
  }, 120_000);

  it('by a disabled person: refused with permission_denied, every one', async () => {
    const before = await ownersState();
    const wrong: string[] = [];
    await everyRpc(async ({ service, method }) => {
      const outcome = await call(server.baseUrl, service, method, aimedAtTheOwner(method), {
        token: disabled.idToken,
      });
      if (outcome !== Code.PermissionDenied) wrong.push(`${nameOf(method)}: ${String(outcome)}`);
    });
    expect(wrong).toEqual([]);
    expect(await ownersState()).toBe(before);
  }, 120_000);

  it('with an API key of a deleted account: unauthenticated, every one', async () => {
    const wrong: string[] = [];
    await everyRpc(async ({ service, method }) => {
      const outcome = await call(server.baseUrl, service, method, aimedAtTheOwner(method), {
        token: deletedAccountsKey,
      });
      if (outcome !== Code.Unauthenticated) wrong.push(`${nameOf(method)}: ${String(outcome)}`);
    });
    expect(wrong).toEqual([]);
  }, 120_000);

  it("by another person naming the owner's things: refused as declared, nothing changed", async () => {
    const before = await ownersState();
    const wrong: string[] = [];
    await everyRpc(async ({ service, method, rule }) => {
      const outcome = await call(server.baseUrl, service, method, aimedAtTheOwner(method), {
        token: other.idToken,
      });
      const allowed = rule.otherPerson;
      if (!allowed.includes(outcome))
        wrong.push(`${nameOf(method)}: ${String(outcome)}, declared ${allowed.join('|')}`);
    });
    expect(wrong).toEqual([]);
    expect(await ownersState()).toBe(before);
  }, 180_000);
});

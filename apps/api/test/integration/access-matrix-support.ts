// What the access-matrix files share: every RPC of the contract (walked from the generated
// descriptors), a call as any standing that ends in an outcome, and the worlds the requests name
// (a person's own things, or a team's: access-matrix-requests.ts builds a valid request of each
// RPC naming them), with what of a world a refusal must leave unchanged.
import type { DescFile, DescMethod, DescService } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import type { TestUser } from '@stream/auth/testing';
import * as proto from '@stream/proto';
import { apiKeyClient } from '../support/admin-clients';
import { videoClient } from '../support/clients';
import { conversationClient } from '../support/conversation-client';
import { libraryClient } from '../support/library-client';
import { shareTokenOf } from '../support/share';
import { teamClient } from '../support/team-client';
import { newTestUser } from '../support/test-tokens';
import { webhookClient } from '../support/webhook-client';
import { RULES, type Outcome, type Rule } from './access-rules';

export const files = Object.values(proto).filter(
  (value): value is DescFile => typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'file',
);
export const services: DescService[] = files.flatMap((file) => file.services);
export const methods = services.flatMap((service) => service.methods.map((method) => ({ service, method })));
export const nameOf = (method: DescMethod) => `${method.parent.name}/${method.name}`;

export async function outcomeOf(call: () => unknown): Promise<Outcome> {
  try {
    const answer = call();
    if (answer && typeof answer === 'object' && Symbol.asyncIterator in answer) {
      // A stream that lets its caller in answers at once (WatchConversation with a heartbeat,
      // FindSensitiveText with a result or its error), so its first answer, not a time of silence,
      // says which: under load a refusal took longer than the 3 s of silence once counted as "in".
      const iterator = (answer as AsyncIterable<unknown>)[Symbol.asyncIterator]();
      await iterator.next();
      void iterator.return?.();
      return 'ok';
    }
    await answer;
    return 'ok';
  } catch (error) {
    if (error instanceof ConnectError) return error.code;
    throw error;
  }
}

/** Who makes a call: an ID token or API key (none: signed out), and headers (a share token, a pass). */
export interface Caller {
  token?: string;
  headers?: Record<string, string>;
}

/** Calls `method` with `request` as `caller`. */
export function call(baseUrl: string, service: DescService, method: DescMethod, request: object, caller: Caller) {
  const headers = { ...caller.headers, ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}) };
  const transport = createGrpcWebTransport({
    baseUrl,
    interceptors: [
      (next) => (req) => {
        for (const [name, value] of Object.entries(headers)) req.header.set(name, value);
        return next(req);
      },
    ],
  });
  const client = createClient(service, transport) as unknown as Record<
    string,
    (input: object, options?: object) => unknown
  >;
  // A bound for a call that never answers (a silent stream then ends as canceled, and the test says
  // so); wide, since the machine may be loaded: this is no measure of speed.
  return outcomeOf(() => client[method.localName]!(request, { signal: AbortSignal.timeout(45_000) }));
}

/** Runs `run` for every RPC (or those `only` keeps), at most three at once (the server is one process). */
export async function everyRpc(
  run: (entry: { service: DescService; method: DescMethod; name: string; rule: Rule }) => Promise<void>,
  only: (name: string, rule: Rule) => boolean = () => true,
): Promise<number> {
  const queue = methods.filter(({ method }) => only(nameOf(method), RULES[nameOf(method)]!));
  const count = queue.length;
  await Promise.all(
    [0, 1, 2].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        await run({ ...next, name: nameOf(next.method), rule: RULES[nameOf(next.method)]! });
    }),
  );
  return count;
}

/**
 * Runs `run` for every RPC in two passes: those `expected` says are refused (anything but 'ok'),
 * then the rest; whether the refused ones changed anything of `world` (the calls let in may).
 */
export async function refusedFirst(
  world: World,
  expected: (rule: Rule) => Outcome,
  run: Parameters<typeof everyRpc>[0],
): Promise<{ count: number; changed: boolean }> {
  const before = await stateOf(world);
  const refused = await everyRpc(run, (_name, rule) => expected(rule) !== 'ok');
  const changed = (await stateOf(world)) !== before;
  const letIn = await everyRpc(run, (_name, rule) => expected(rule) === 'ok');
  return { count: refused + letIn, changed };
}

/** `Service/Method: outcome, declared expected` for each call answered otherwise than declared. */
export class Mismatches {
  readonly list: string[] = [];
  check(name: string, outcome: Outcome, expected: Outcome) {
    if (outcome !== expected) this.list.push(`${name}: ${String(outcome)}, declared ${String(expected)}`);
  }
}

/** A person signed in once (their row made), with a test token. */
export async function signedIn(baseUrl: string, displayName?: string): Promise<TestUser> {
  const person = await newTestUser(undefined, displayName ? { displayName } : {});
  await videoClient(baseUrl, { token: person.idToken }).listVideos({ pageSize: 1 });
  return person;
}

/** `person` joins `teamId` as `role`, invited by `by` (an owner or admin of it). */
export async function join(baseUrl: string, by: string, teamId: string, person: TestUser, role: proto.TeamRole) {
  const { token } = await teamClient(baseUrl, by).createInvite({ teamId, role, maxUses: 1 });
  await teamClient(baseUrl, person.idToken).acceptInvite({ token });
}

/**
 * The things every request names: a person's own (their personal library) or a team's. `maker`
 * made them all; `fresh` makes another of a kind for a call that uses its target up.
 */
export interface World {
  baseUrl: string;
  maker: TestUser;
  /** Who made the team's webhook and invites (its owner; the maker in a personal world). */
  manager: TestUser;
  /** The team the things are in; undefined: the maker's personal library. */
  teamId?: string;
  video: string;
  /** The video's main link (it is SHARED). */
  shareToken: string;
  folder: string;
  comment: string;
  webhook: string;
  /** The maker's own API key (keys belong to people, never to teams). */
  apiKey: string;
  invite: string;
  /** A team the maker owns (the world's team when there is one). */
  team: string;
  /** A working invite link's token of `team`. */
  inviteToken: string;
  /** The password UnlockShareLink sends (the video's main link has no gate: any is refused). */
  linkPassword?: string;
  fresh: {
    video(): Promise<string>;
    folder(): Promise<string>;
    comment(): Promise<string>;
    webhook(): Promise<string>;
    apiKey(): Promise<string>;
    invite(): Promise<{ id: string; token: string }>;
    /** A named link of the world's video. */
    link(): Promise<string>;
    /** A team with the world's people in their roles (the maker alone, in a personal world) and a member to remove. */
    team(): Promise<{ teamId: string; memberUid: string }>;
  };
}

/** Makes `maker`'s things, in `teamId` when given (the maker a member of it), else their own. */
export async function makeWorld(
  baseUrl: string,
  maker: TestUser,
  team?: { id: string; manager: TestUser; fresh: World['fresh']['team'] },
): Promise<World> {
  const token = maker.idToken;
  const manager = team?.manager ?? maker;
  const teamId = team?.id;
  const videos = videoClient(baseUrl, { token });
  const library = libraryClient(baseUrl, token);
  const talk = conversationClient(baseUrl, { token });
  const teams = teamClient(baseUrl, token);
  const fresh: World['fresh'] = {
    async video() {
      const video = await videos.createVideo({ title: 'Mine', url: 'https://example.com/mine.mp4' });
      if (teamId) await teams.moveVideoToTeam({ videoId: video.id, teamId });
      return video.id;
    },
    async folder() {
      return (await library.createFolder({ name: `Filed ${Math.random()}`, teamId: teamId ?? '' })).id;
    },
    async comment() {
      return (await talk.addComment({ videoId: world.video, text: 'hi' })).id;
    },
    async webhook() {
      const made = await webhookClient(baseUrl, manager.idToken).createWebhook({
        url: 'http://127.0.0.1:9/hook',
        events: [proto.WebhookEvent.COMMENT_CREATED],
        teamId: teamId ?? '',
      });
      return made.webhook!.id;
    },
    async apiKey() {
      return (await apiKeyClient(baseUrl, token).createApiKey({ name: 'Mine' })).key!.id;
    },
    async invite() {
      const made = await teamClient(baseUrl, manager.idToken).createInvite({ teamId: world.team, maxUses: 5 });
      return { id: made.invite!.id, token: made.token };
    },
    async link() {
      const made = await serviceLinks(baseUrl, token).createShareLink({ videoId: world.video, name: 'Named' });
      return made.id;
    },
    team:
      team?.fresh ??
      (async () => {
        const teamId = (await teams.createTeam({ name: 'Another' })).id;
        const member = await signedIn(baseUrl);
        await join(baseUrl, token, teamId, member, proto.TeamRole.MEMBER);
        return { teamId, memberUid: member.uid };
      }),
  };
  const world = { baseUrl, maker, manager, teamId, fresh } as World;
  world.team = teamId ?? (await teams.createTeam({ name: 'Owners' })).id;
  world.video = await fresh.video();
  world.shareToken = shareTokenOf((await videos.shareVideo({ videoId: world.video })).url);
  await serviceLinks(baseUrl, token).setCallToAction({
    videoId: world.video,
    callToAction: { label: 'Go', url: 'https://example.com/go' },
  });
  world.folder = await fresh.folder();
  world.comment = await fresh.comment();
  world.webhook = await fresh.webhook();
  world.apiKey = await fresh.apiKey();
  const invite = await fresh.invite();
  world.invite = invite.id;
  world.inviteToken = invite.token;
  return world;
}

const serviceLinks = (baseUrl: string, token: string) =>
  createClient(
    proto.ShareLinkService,
    createGrpcWebTransport({
      baseUrl,
      interceptors: [
        (next) => (req) => {
          req.header.set('authorization', `Bearer ${token}`);
          return next(req);
        },
      ],
    }),
  );

/** What of a world a refusal must leave as it was (read as its maker). */
export async function stateOf(world: World): Promise<string> {
  const { baseUrl, maker, manager } = world;
  const token = maker.idToken;
  const teamId = world.teamId ?? '';
  const [video, team, hooks, folders, keys, comments] = await Promise.all([
    videoClient(baseUrl, { token }).getVideo({ videoId: world.video }),
    teamClient(baseUrl, manager.idToken).getTeam({ teamId: world.team }),
    webhookClient(baseUrl, manager.idToken).listWebhooks({ teamId }),
    libraryClient(baseUrl, token).listFolders({ parentId: '', all: true, teamId }),
    apiKeyClient(baseUrl, token).listApiKeys({}),
    conversationClient(baseUrl, { token }).listComments({ videoId: world.video }),
  ]);
  const { title, description, visibility, folderId, tags, teamId: videoTeam, userId } = video;
  return JSON.stringify(
    {
      video: { title, description, visibility, folderId, tags, videoTeam, userId },
      members: team.members.map((member) => [member.uid, member.role]),
      name: team.team?.name,
      hooks: hooks.webhooks.map((hook) => hook.id),
      folders: folders.folders.map((folder) => [folder.id, folder.name, folder.parentId]),
      keys: keys.keys.map((key) => key.id),
      comments: comments.comments.map((comment) => [comment.id, comment.text]),
    },
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
  );
}

export { Code };

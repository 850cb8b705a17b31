import { toJsonString } from '@bufbuild/protobuf';
import { createClient, type Client } from '@connectrpc/connect';
import {
  ListWebhooksResponseSchema,
  TeamRole,
  TeamService,
  WebhookDeliveryStatus,
  WebhookEvent,
  WebhookService,
} from '@stream/proto';
import { expect, it } from 'vitest';
import { Code, codeOf, type RpcContractSubject } from './contract-subject';

/** A public address as a literal, so neither side needs DNS; nothing here waits for a delivery. */
const PUBLIC_URL = 'https://93.184.216.34/hooks/stream';

/**
 * The WebhookService of a server without WEBHOOK_ALLOW_PRIVATE: URLs checked
 * (loopback, private and metadata addresses refused), a caller's own hooks apart from a team's,
 * a team's for its owners and admins only (a member permission_denied, an outsider not_found),
 * someone else's hook not_found with nothing changed, the secret shown once, and five test
 * deliveries a hook a minute. The subject's transports serve TeamService too.
 */
export function webhookServiceContract(subject: RpcContractSubject): void {
  const signIn = async () => {
    const transport = await subject.signIn();
    return { hooks: createClient(WebhookService, transport), teams: createClient(TeamService, transport) };
  };
  type Person = Awaited<ReturnType<typeof signIn>>;
  const join = async (owner: Person, person: Person, teamId: string, role: TeamRole) =>
    person.teams.acceptInvite({ token: (await owner.teams.createInvite({ teamId, role })).token });
  const urls = async (hooks: Client<typeof WebhookService>, teamId = '') =>
    (await hooks.listWebhooks({ teamId })).webhooks.map((hook) => hook.url);

  it('makes a hook with its secret shown once, and lists it to its owner only', async () => {
    const { hooks } = await signIn();
    const made = await hooks.createWebhook({
      url: `  ${PUBLIC_URL} `,
      events: [WebhookEvent.VIDEO_READY, WebhookEvent.COMMENT_CREATED],
    });
    expect(made.secret).toMatch(/^whsec_/);
    expect(made.webhook).toMatchObject({
      url: PUBLIC_URL,
      events: [WebhookEvent.VIDEO_READY, WebhookEvent.COMMENT_CREATED],
      teamId: '',
    });
    const listed = await hooks.listWebhooks({});
    expect(listed.webhooks.map((hook) => hook.id)).toEqual([made.webhook!.id]);
    expect(toJsonString(ListWebhooksResponseSchema, listed)).not.toContain(made.secret);
    expect(await urls((await signIn()).hooks)).toEqual([]);
  });

  it('refuses bad URLs, events and, without WEBHOOK_ALLOW_PRIVATE, non-public hosts, making nothing', async () => {
    const { hooks } = await signIn();
    const events = [WebhookEvent.VIDEO_READY];
    const refusedUrls = [
      '',
      'not a url',
      'ftp://93.184.216.34/x',
      'https://user:pass@93.184.216.34/x',
      `https://93.184.216.34/${'x'.repeat(2048)}`,
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:10.0.0.1]/hook',
    ];
    const codes = await Promise.all([
      ...refusedUrls.map((url) => codeOf(hooks.createWebhook({ url, events }))),
      codeOf(hooks.createWebhook({ url: PUBLIC_URL, events: [] })),
      codeOf(hooks.createWebhook({ url: PUBLIC_URL, events: [WebhookEvent.TEST] })),
      codeOf(hooks.createWebhook({ url: PUBLIC_URL, events: [WebhookEvent.VIDEO_READY, WebhookEvent.VIDEO_READY] })),
    ]);
    expect(codes).toEqual(Array(refusedUrls.length + 3).fill(Code.InvalidArgument));
    expect(await codeOf(createClient(WebhookService, subject.signedOut()).listWebhooks({}))).toBe(Code.Unauthenticated);
    expect(await urls(hooks)).toEqual([]);
  });

  it('refuses a 21st hook of one person with resource_exhausted', async () => {
    const { hooks } = await signIn();
    const events = [WebhookEvent.COMMENT_CREATED];
    for (let n = 0; n < 20; n += 1) await hooks.createWebhook({ url: `${PUBLIC_URL}/${n}`, events });
    expect(await codeOf(hooks.createWebhook({ url: `${PUBLIC_URL}/20`, events }))).toBe(Code.ResourceExhausted);
    expect(await urls(hooks)).toHaveLength(20);
  });

  it('keeps a team’s hooks apart, for its owners and admins: a member is refused, an outsider finds no team', async () => {
    const [owner, admin, member, outsider] = [await signIn(), await signIn(), await signIn(), await signIn()];
    const team = await owner.teams.createTeam({ name: 'Hooked' });
    await join(owner, admin, team.id, TeamRole.ADMIN);
    await join(owner, member, team.id, TeamRole.MEMBER);
    const events = [WebhookEvent.REACTION_CREATED];
    await admin.hooks.createWebhook({ url: PUBLIC_URL, events, teamId: team.id });
    await owner.hooks.createWebhook({ url: `${PUBLIC_URL}/mine`, events });

    expect(await urls(owner.hooks, team.id)).toEqual([PUBLIC_URL]);
    expect(await urls(admin.hooks, team.id)).toEqual([PUBLIC_URL]);
    expect(await urls(owner.hooks)).toEqual([`${PUBLIC_URL}/mine`]);
    expect(await urls(admin.hooks)).toEqual([]);
    const codes = await Promise.all([
      codeOf(member.hooks.listWebhooks({ teamId: team.id })),
      codeOf(member.hooks.createWebhook({ url: PUBLIC_URL, events, teamId: team.id })),
      codeOf(outsider.hooks.listWebhooks({ teamId: team.id })),
      codeOf(outsider.hooks.createWebhook({ url: PUBLIC_URL, events, teamId: team.id })),
    ]);
    expect(codes).toEqual([Code.PermissionDenied, Code.PermissionDenied, Code.NotFound, Code.NotFound]);
    expect(await urls(owner.hooks, team.id)).toEqual([PUBLIC_URL]);
  });

  it('deletes only one’s own hook: anyone else’s, or none, is not_found and nothing changes', async () => {
    const [owner, other] = [await signIn(), await signIn()];
    const made = await owner.hooks.createWebhook({ url: PUBLIC_URL, events: [WebhookEvent.VIEW_MILESTONE] });
    const webhookId = made.webhook!.id;
    const codes = await Promise.all([
      codeOf(other.hooks.deleteWebhook({ webhookId })),
      codeOf(other.hooks.listWebhookDeliveries({ webhookId })),
      codeOf(other.hooks.sendTestWebhook({ webhookId })),
      codeOf(owner.hooks.deleteWebhook({ webhookId: '00000000-0000-4000-8000-000000000000' })),
      codeOf(owner.hooks.deleteWebhook({ webhookId: '' })),
    ]);
    expect(codes).toEqual([Code.NotFound, Code.NotFound, Code.NotFound, Code.NotFound, Code.InvalidArgument]);
    expect(await urls(owner.hooks)).toEqual([PUBLIC_URL]);
    await owner.hooks.deleteWebhook({ webhookId });
    expect(await urls(owner.hooks)).toEqual([]);
    expect(await codeOf(owner.hooks.listWebhookDeliveries({ webhookId }))).toBe(Code.NotFound);
  });

  it('queues test deliveries, lists them newest first, and refuses a sixth in a minute', async () => {
    const { hooks } = await signIn();
    const webhookId = (await hooks.createWebhook({ url: PUBLIC_URL, events: [WebhookEvent.VIDEO_READY] })).webhook!.id;
    expect((await hooks.listWebhookDeliveries({ webhookId })).deliveries).toEqual([]);
    const sent = [];
    for (let i = 0; i < 5; i += 1) sent.push(await hooks.sendTestWebhook({ webhookId }));
    expect(sent.map((delivery) => [delivery.event, delivery.status])).toEqual(
      Array(5).fill([WebhookEvent.TEST, WebhookDeliveryStatus.PENDING]),
    );
    expect(await codeOf(hooks.sendTestWebhook({ webhookId }))).toBe(Code.ResourceExhausted);
    const listed = (await hooks.listWebhookDeliveries({ webhookId })).deliveries;
    expect(new Set(listed.map((delivery) => delivery.id))).toEqual(new Set(sent.map((delivery) => delivery.id)));
    expect(listed.every((delivery) => delivery.event === WebhookEvent.TEST)).toBe(true);
    const created = listed.map((delivery) => Number(delivery.createdAt!.seconds));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });
}

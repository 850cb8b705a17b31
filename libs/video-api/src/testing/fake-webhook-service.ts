import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createRouterTransport, type HandlerContext, type Transport } from '@connectrpc/connect';
import {
  TeamRole,
  WebhookDeliverySchema,
  WebhookDeliveryStatus,
  WebhookEvent,
  WebhookSchema,
  WebhookService,
  type Webhook,
  type WebhookDelivery,
} from '@stream/proto';
import type { FakeTeamService } from './fake-team-service';
import { isPrivateHost } from './fake-webhook-host';
import { signedInCaller } from './fake-caller';

/** As the server: hooks one person or team may have, test deliveries a hook a minute, deliveries listed. */
export const FAKE_MAX_WEBHOOKS = 20;
export const FAKE_TEST_DELIVERIES_PER_MINUTE = 5;
const LISTED_DELIVERIES = 50;
const MAX_URL_LENGTH = 2048;

interface FakeHook {
  webhook: Webhook;
  ownerUid: string;
  secret: string;
  deliveries: WebhookDelivery[];
}

export interface FakeWebhookService {
  transport: Transport;
  /** Every hook by id, with its owner, secret and deliveries (newest first). */
  hooks: Map<string, FakeHook>;
  /** The calls made, in order, with the team or hook each named. */
  calls: { method: string; teamId?: string; webhookId?: string }[];
  /** Calls from now on are made by `uid` (undefined: signed out). */
  as(uid: string | undefined): void;
  /** What the delivery worker would do: records an attempt of delivery `id`. */
  attempt(id: string, outcome: { status: WebhookDeliveryStatus; responseCode?: number; error?: string }): void;
}

export interface FakeWebhookServiceOptions {
  userId?: string;
  /** The teams whose owners and admins manage team hooks; without it every team is not_found. */
  teams?: FakeTeamService;
  /** As the server's WEBHOOK_ALLOW_PRIVATE: loopback and private receivers are allowed. */
  allowPrivate?: boolean;
}

const fail = (code: Code, message: string) => new ConnectError(message, code);
const hookEvents = new Set([
  WebhookEvent.VIDEO_READY,
  WebhookEvent.COMMENT_CREATED,
  WebhookEvent.REACTION_CREATED,
  WebhookEvent.VIEW_MILESTONE,
]);

/** A request's id: empty (unless optional) or longer than 64 characters is refused, as the server does. */
function id(value: string, what: string, optional = false): string {
  if ((!value && !optional) || value.length > 64) throw fail(Code.InvalidArgument, `Name the ${what} by its id`);
  return value;
}

function parseUrl(text: string): URL {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > MAX_URL_LENGTH)
    throw fail(Code.InvalidArgument, `A webhook URL is 1 to ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw fail(Code.InvalidArgument, 'A webhook URL is an http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw fail(Code.InvalidArgument, 'A webhook URL is an http:// or https:// address');
  if (url.username || url.password) throw fail(Code.InvalidArgument, 'A webhook URL carries no user name or password');
  return url;
}

/**
 * An in-memory WebhookService with the real server's rules: a caller's own
 * hooks or a team's for its owners and admins (a member permission_denied, an outsider and
 * someone else's hook not_found), URLs checked as the server does (without DNS: a name other than
 * localhost counts as public), the secret shown once, five test deliveries a hook a minute.
 * Deliveries stay pending until `attempt` plays the worker.
 */
export function createFakeWebhookService(options: FakeWebhookServiceOptions = {}): FakeWebhookService {
  let caller: string | undefined = options.userId ?? 'user-1';
  const hooks = new Map<string, FakeHook>();
  const calls: FakeWebhookService['calls'] = [];
  let sequence = 0;

  const me = (context: HandlerContext) => signedInCaller(context, caller);
  const roleIn = (teamId: string, uid: string) => options.teams?.teams.get(teamId)?.members.get(uid)?.role;
  const manages = (role: TeamRole | undefined) => role === TeamRole.OWNER || role === TeamRole.ADMIN;
  /** Whose hooks the caller manages: their own ('' team), or a team's they own or administer. */
  const managed = (uid: string, teamId: string) => {
    if (!teamId) return;
    const role = roleIn(teamId, uid);
    if (!role) throw fail(Code.NotFound, `No team ${teamId}`);
    if (!manages(role)) throw fail(Code.PermissionDenied, 'Only the team’s owners and admins manage its webhooks');
  };
  const own = (uid: string, webhookId: string) => {
    const hook = hooks.get(webhookId);
    const teamId = hook?.webhook.teamId;
    if (!hook || (teamId ? !manages(roleIn(teamId, uid)) : hook.ownerUid !== uid))
      throw fail(Code.NotFound, `No webhook ${webhookId}`);
    return hook;
  };
  const belongs = (hook: FakeHook, uid: string, teamId: string) =>
    teamId ? hook.webhook.teamId === teamId : !hook.webhook.teamId && hook.ownerUid === uid;

  const transport = createRouterTransport((router) =>
    router.service(WebhookService, {
      createWebhook(request, context) {
        calls.push({ method: 'create', teamId: request.teamId });
        const uid = me(context);
        for (const event of request.events)
          if (!hookEvents.has(event)) throw fail(Code.InvalidArgument, `${event} is not a webhook event`);
        const teamId = id(request.teamId, 'team', true);
        const url = parseUrl(request.url);
        if (request.events.length === 0) throw fail(Code.InvalidArgument, 'A webhook needs at least one event');
        if (new Set(request.events).size !== request.events.length)
          throw fail(Code.InvalidArgument, 'Each event is named once');
        managed(uid, teamId);
        if (!options.allowPrivate && isPrivateHost(url.hostname))
          throw fail(
            Code.InvalidArgument,
            `The webhook's host ${url.hostname} is, or resolves to, a non-public address`,
          );
        if ([...hooks.values()].filter((hook) => belongs(hook, uid, teamId)).length >= FAKE_MAX_WEBHOOKS)
          throw fail(Code.ResourceExhausted, `At most ${FAKE_MAX_WEBHOOKS} webhooks each`);
        const webhook = create(WebhookSchema, {
          id: `webhook-${++sequence}`,
          url: url.href,
          events: [...request.events],
          teamId,
          createdAt: timestampFromDate(new Date()),
        });
        const secret = `whsec_fake${sequence}${Math.random().toString(36).slice(2)}`;
        hooks.set(webhook.id, { webhook, ownerUid: uid, secret, deliveries: [] });
        return { webhook, secret };
      },
      listWebhooks(request, context) {
        calls.push({ method: 'list', teamId: request.teamId });
        const uid = me(context);
        const teamId = id(request.teamId, 'team', true);
        managed(uid, teamId);
        return {
          webhooks: [...hooks.values()].filter((hook) => belongs(hook, uid, teamId)).map((hook) => hook.webhook),
        };
      },
      deleteWebhook(request, context) {
        calls.push({ method: 'delete', webhookId: request.webhookId });
        const uid = me(context);
        own(uid, id(request.webhookId, 'webhook'));
        hooks.delete(request.webhookId);
        return {};
      },
      listWebhookDeliveries(request, context) {
        calls.push({ method: 'deliveries', webhookId: request.webhookId });
        const uid = me(context);
        return { deliveries: own(uid, id(request.webhookId, 'webhook')).deliveries.slice(0, LISTED_DELIVERIES) };
      },
      sendTestWebhook(request, context) {
        calls.push({ method: 'sendTest', webhookId: request.webhookId });
        const uid = me(context);
        const hook = own(uid, id(request.webhookId, 'webhook'));
        const minuteAgo = Date.now() - 60_000;
        const recent = hook.deliveries.filter(
          (delivery) => delivery.event === WebhookEvent.TEST && Number(delivery.createdAt!.seconds) * 1000 > minuteAgo,
        );
        if (recent.length >= FAKE_TEST_DELIVERIES_PER_MINUTE)
          throw fail(Code.ResourceExhausted, `At most ${FAKE_TEST_DELIVERIES_PER_MINUTE} test deliveries a minute`);
        const now = timestampFromDate(new Date());
        const delivery = create(WebhookDeliverySchema, {
          id: `delivery-${++sequence}`,
          event: WebhookEvent.TEST,
          status: WebhookDeliveryStatus.PENDING,
          createdAt: now,
          updatedAt: now,
        });
        hook.deliveries.unshift(delivery);
        return delivery;
      },
    }),
  );

  const attempt: FakeWebhookService['attempt'] = (deliveryId, outcome) => {
    for (const hook of hooks.values())
      for (const delivery of hook.deliveries)
        if (delivery.id === deliveryId) {
          delivery.status = outcome.status;
          delivery.attempts += 1;
          delivery.lastResponseCode = outcome.responseCode ?? 0;
          delivery.lastError = outcome.error ?? '';
          delivery.updatedAt = timestampFromDate(new Date());
          return;
        }
    throw new Error(`No delivery ${deliveryId}`);
  };

  return { transport, hooks, calls, attempt, as: (uid) => (caller = uid) };
}

import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import {
  WebhookDeliverySchema,
  WebhookDeliveryStatus,
  WebhookEvent,
  WebhookSchema,
  WebhookService as WebhookServiceDescriptor,
} from '@stream/proto';
import type {
  StoredWebhook as WebhookRow,
  StoredWebhookDelivery as WebhookDeliveryRow,
  WebhookDeliveryStatus as StoredStatus,
  WebhookDeliveryEvent,
  WebhookEventName,
  WebhookService,
} from './webhook.service';
import { enumMapping } from '../platform/rpc/enum-mapping';
import { signedIn } from '../platform/rpc/signed-in';

/** The events a hook may ask for: `webhook.test` is not one of them, so `fromProto` refuses it. */
const hookEvent = enumMapping<WebhookEventName, WebhookEvent>({
  'video.ready': WebhookEvent.VIDEO_READY,
  'comment.created': WebhookEvent.COMMENT_CREATED,
  'reaction.created': WebhookEvent.REACTION_CREATED,
  'view.milestone': WebhookEvent.VIEW_MILESTONE,
});
const deliveryEventToProto: Record<WebhookDeliveryEvent, WebhookEvent> = {
  ...hookEvent.toProto,
  'webhook.test': WebhookEvent.TEST,
};
const statusToProto: Record<StoredStatus, WebhookDeliveryStatus> = {
  pending: WebhookDeliveryStatus.PENDING,
  delivered: WebhookDeliveryStatus.DELIVERED,
  failed: WebhookDeliveryStatus.FAILED,
};

const toWebhook = (row: WebhookRow) =>
  create(WebhookSchema, {
    id: row.id,
    url: row.url,
    events: row.events.map((event) => hookEvent.toProto[event]),
    teamId: row.team_id ?? '',
    createdAt: timestampFromDate(row.created_at),
  });

const toDelivery = (row: WebhookDeliveryRow) =>
  create(WebhookDeliverySchema, {
    id: row.id,
    event: deliveryEventToProto[row.event],
    status: statusToProto[row.status],
    attempts: row.attempts,
    lastResponseCode: row.last_response_code,
    lastError: row.last_error,
    createdAt: timestampFromDate(row.created_at),
    updatedAt: timestampFromDate(row.updated_at),
  });

/** An id as requests name hooks and teams; too long or empty is refused before any query. */
function id(value: string, what: string, optional = false): string {
  if ((!value && !optional) || value.length > 64)
    throw new ConnectError(`Name the ${what} by its id`, Code.InvalidArgument);
  return value;
}

/** The WebhookService on the Connect router. */
export default ({ webhooks }: { webhooks: WebhookService }) =>
  (router: ConnectRouter) => {
    router.service(WebhookServiceDescriptor, {
      createWebhook: async (request, context) => {
        const user = signedIn(context);
        const events = request.events.map((event) => {
          const name = hookEvent.fromProto[event];
          if (!name) throw new ConnectError(`${event} is not a webhook event`, Code.InvalidArgument);
          return name;
        });
        const teamId = id(request.teamId, 'team', true) || undefined;
        const { webhook, secret } = await webhooks.create(user, { url: request.url, events, teamId });
        return { webhook: toWebhook(webhook), secret };
      },
      listWebhooks: async (request, context) => ({
        webhooks: (await webhooks.list(signedIn(context), id(request.teamId, 'team', true) || undefined)).map(
          toWebhook,
        ),
      }),
      deleteWebhook: async (request, context) => {
        await webhooks.delete(signedIn(context), id(request.webhookId, 'webhook'));
        return {};
      },
      listWebhookDeliveries: async (request, context) => ({
        deliveries: (await webhooks.deliveries(signedIn(context), id(request.webhookId, 'webhook'))).map(toDelivery),
      }),
      sendTestWebhook: async (request, context) =>
        toDelivery(await webhooks.sendTest(signedIn(context), id(request.webhookId, 'webhook'))),
    });
  };

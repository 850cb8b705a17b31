// What the fake adds to the contract: the server's WEBHOOK_ALLOW_PRIVATE as an option, and the
// delivery worker's part (`attempt`), which the contract cannot drive on the real server.
import { Code, createClient } from '@connectrpc/connect';
import { WebhookDeliveryStatus, WebhookEvent, WebhookService } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { codeOf } from './contract';
import { createFakeWebhookService } from './fake-webhook-service';

const events = [WebhookEvent.VIDEO_READY];
const privateUrls = ['http://127.0.0.1:9000/hook', 'http://localhost/hook', 'http://[fd00::1]/hook'];

describe('createFakeWebhookService', () => {
  it('refuses loopback and private receivers unless allowPrivate, as WEBHOOK_ALLOW_PRIVATE=1 does', async () => {
    const strict = createClient(WebhookService, createFakeWebhookService().transport);
    const open = createClient(WebhookService, createFakeWebhookService({ allowPrivate: true }).transport);
    expect(await Promise.all(privateUrls.map((url) => codeOf(strict.createWebhook({ url, events }))))).toEqual(
      Array(privateUrls.length).fill(Code.InvalidArgument),
    );
    for (const url of privateUrls) await open.createWebhook({ url, events });
    expect((await open.listWebhooks({})).webhooks).toHaveLength(privateUrls.length);
  });

  it('records the worker’s attempts on a delivery, which its list then shows', async () => {
    const fake = createFakeWebhookService();
    const hooks = createClient(WebhookService, fake.transport);
    const webhookId = (await hooks.createWebhook({ url: 'https://example.com/h', events })).webhook!.id;
    const sent = await hooks.sendTestWebhook({ webhookId });
    fake.attempt(sent.id, { status: WebhookDeliveryStatus.DELIVERED, responseCode: 204 });
    expect((await hooks.listWebhookDeliveries({ webhookId })).deliveries).toMatchObject([
      { id: sent.id, status: WebhookDeliveryStatus.DELIVERED, attempts: 1, lastResponseCode: 204 },
    ]);
    expect(() => fake.attempt('nothing', { status: WebhookDeliveryStatus.FAILED })).toThrow();
  });
});

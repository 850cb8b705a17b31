// @vitest-environment happy-dom
/**
 * useWebhooks over an in-memory WebhookService that records what it was asked: /team's team id
 * travels with every call, a test delivery shows up and is read again until it is no longer
 * pending, a secret stays with the team it was made for, and a member's page asks for nothing.
 */
import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import {
  WebhookDeliverySchema,
  WebhookDeliveryStatus,
  WebhookEvent,
  WebhookSchema,
  WebhookService,
  type Webhook,
  type WebhookDelivery,
} from '@stream/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWebhooks } from './use-webhooks';

afterEach(cleanup);

function fakeWebhooks() {
  const calls: { method: string; teamId?: string }[] = [];
  const hooks: Webhook[] = [];
  const deliveries = new Map<string, WebhookDelivery[]>();
  const transport = createRouterTransport((router) =>
    router.service(WebhookService, {
      listWebhooks: (request) => {
        calls.push({ method: 'list', teamId: request.teamId });
        return { webhooks: hooks.filter((hook) => hook.teamId === request.teamId) };
      },
      createWebhook: (request) => {
        calls.push({ method: 'create', teamId: request.teamId });
        const webhook = create(WebhookSchema, {
          id: `h${hooks.length + 1}`,
          url: request.url,
          events: request.events,
          teamId: request.teamId,
        });
        hooks.push(webhook);
        return { webhook, secret: `whsec_${webhook.id}` };
      },
      deleteWebhook: () => ({}),
      listWebhookDeliveries: (request) => ({ deliveries: deliveries.get(request.webhookId) ?? [] }),
      sendTestWebhook: (request) => {
        const delivery = create(WebhookDeliverySchema, {
          id: 'd1',
          event: WebhookEvent.TEST,
          status: WebhookDeliveryStatus.PENDING,
        });
        deliveries.set(request.webhookId, [delivery]);
        return delivery;
      },
    }),
  );
  return { transport, calls, deliveries };
}

function wrapper() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
}

describe('useWebhooks', () => {
  it('lists and creates a team’s hooks, and reads a test delivery again until it is delivered', async () => {
    const fake = fakeWebhooks();
    const page = renderHook(({ teamId }) => useWebhooks(fake.transport, { teamId }), {
      wrapper: wrapper(),
      initialProps: { teamId: 't1' },
    });
    await waitFor(() => expect(page.result.current.loading).toBe(false));
    act(() => page.result.current.create.submit('https://example.com/h', ['Video ready']));
    await waitFor(() => expect(page.result.current.hooks.map((hook) => hook.url)).toEqual(['https://example.com/h']));
    expect(page.result.current.create.secret).toBe('whsec_h1');
    expect(fake.calls.map((call) => call.teamId)).toEqual(['t1', 't1', 't1']);

    act(() => page.result.current.sendTest.submit('h1'));
    await waitFor(() =>
      expect(page.result.current.deliveries.rows.map((row) => [row.event, row.status])).toEqual([['Test', 'pending']]),
    );
    expect(page.result.current.deliveries.webhookId).toBe('h1');
    // The worker delivers it; the page reads it again by itself.
    fake.deliveries.set('h1', [
      create(WebhookDeliverySchema, {
        id: 'd1',
        event: WebhookEvent.TEST,
        status: WebhookDeliveryStatus.DELIVERED,
        attempts: 1,
        lastResponseCode: 204,
      }),
    ]);
    await waitFor(() => expect(page.result.current.deliveries.rows[0]?.status).toBe('delivered'), { timeout: 3000 });

    // Another team on the same page: its own list, and not the first team's secret.
    page.rerender({ teamId: 't2' });
    await waitFor(() => expect(fake.calls.at(-1)).toEqual({ method: 'list', teamId: 't2' }));
    await waitFor(() => expect(page.result.current.hooks).toEqual([]));
    expect(page.result.current.create.secret).toBeUndefined();
  });

  it('asks for nothing when not enabled (a member’s /team)', async () => {
    const fake = fakeWebhooks();
    renderHook(() => useWebhooks(fake.transport, { teamId: 't1', enabled: false }), { wrapper: wrapper() });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.calls).toEqual([]);
  });
});

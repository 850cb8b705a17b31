// @vitest-environment happy-dom
/**
 * useWebhooks over the package's fake WebhookService (with a fake TeamService whose teams user-1
 * owns): /team's team id travels with every call, a test delivery shows up and is read again
 * until it is no longer pending, a secret stays with the team it was made for, and a member's page
 * asks for nothing.
 */
import { createClient } from '@connectrpc/connect';
import { TeamService, WebhookDeliveryStatus } from '@stream/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeTeamService, createFakeWebhookService } from '../testing';
import { useWebhooks } from './use-webhooks';

afterEach(cleanup);

/** The fake webhooks of user-1, who owns two teams. */
async function fakeWebhooks() {
  const teams = createFakeTeamService();
  const teamClient = createClient(TeamService, teams.transport);
  const [first, second] = [await teamClient.createTeam({ name: 'One' }), await teamClient.createTeam({ name: 'Two' })];
  return { ...createFakeWebhookService({ teams }), t1: first.id, t2: second.id };
}

function wrapper() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
}

describe('useWebhooks', () => {
  it('lists and creates a team’s hooks, and reads a test delivery again until it is delivered', async () => {
    const fake = await fakeWebhooks();
    const page = renderHook(({ teamId }) => useWebhooks(fake.transport, { teamId }), {
      wrapper: wrapper(),
      initialProps: { teamId: fake.t1 },
    });
    await waitFor(() => expect(page.result.current.loading).toBe(false));
    act(() => page.result.current.create.submit('https://example.com/h', ['Video ready']));
    await waitFor(() => expect(page.result.current.hooks.map((hook) => hook.url)).toEqual(['https://example.com/h']));
    const [hookId, hook] = [...fake.hooks][0]!;
    expect(page.result.current.create.secret).toBe(hook.secret);
    expect(fake.calls.map((call) => call.teamId)).toEqual([fake.t1, fake.t1, fake.t1]);

    act(() => page.result.current.sendTest.submit(hookId));
    await waitFor(() =>
      expect(page.result.current.deliveries.rows.map((row) => [row.event, row.status])).toEqual([['Test', 'pending']]),
    );
    expect(page.result.current.deliveries.webhookId).toBe(hookId);
    // The worker delivers it; the page reads it again by itself.
    fake.attempt(hook.deliveries[0]!.id, { status: WebhookDeliveryStatus.DELIVERED, responseCode: 204 });
    await waitFor(() => expect(page.result.current.deliveries.rows[0]?.status).toBe('delivered'), { timeout: 3000 });

    // Another team on the same page: its own list, and not the first team's secret.
    page.rerender({ teamId: fake.t2 });
    await waitFor(() =>
      expect(fake.calls.filter((call) => call.method === 'list').at(-1)).toEqual({ method: 'list', teamId: fake.t2 }),
    );
    await waitFor(() => expect(page.result.current.hooks).toEqual([]));
    expect(page.result.current.create.secret).toBeUndefined();
  });

  it('asks for nothing when not enabled (a member’s /team)', async () => {
    const fake = await fakeWebhooks();
    renderHook(() => useWebhooks(fake.transport, { teamId: fake.t1, enabled: false }), { wrapper: wrapper() });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.calls).toEqual([]);
  });
});

// @vitest-environment happy-dom
import { createClient } from '@connectrpc/connect';
import { TeamService } from '@stream/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeTeamService } from '../testing';
import { rememberSpace, rememberedSpace } from './active-space';
import { useSpaceName } from './use-space-name';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(QueryClientProvider, { client: new QueryClient() }, children);

describe('useSpaceName', () => {
  it('names a team space from ListMyTeams and remembers the name a URL-only space lacked; personal is unnamed', async () => {
    const fake = createFakeTeamService({ userId: 'ann' });
    const team = await createClient(TeamService, fake.transport).createTeam({ name: 'Acme' });
    rememberSpace({ id: team.id, name: '' });
    const named = renderHook(() => useSpaceName(fake.transport, team.id), { wrapper });
    expect(named.result.current).toBe('');
    await waitFor(() => expect(named.result.current).toBe('Acme'));
    expect(rememberedSpace()).toEqual({ id: team.id, name: 'Acme' });
    expect(renderHook(() => useSpaceName(fake.transport, undefined), { wrapper }).result.current).toBeUndefined();
  });
});

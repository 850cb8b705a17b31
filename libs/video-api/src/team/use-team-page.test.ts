// @vitest-environment happy-dom
/** /team's and /invite's hooks over the fake TeamService, which keeps the real server's rules. */
import { createClient } from '@connectrpc/connect';
import { TeamService } from '@stream/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { Suspense, createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeTeamService, type FakeTeamService } from '../testing';
import { PERSONAL_SPACE, rememberSpace, rememberedSpace } from './active-space';
import { loadSpaces } from './load-spaces';
import { useInvite } from './use-invite';
import { useTeamPage } from './use-team-page';

afterEach(cleanup);

function wrapper(queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, createElement(Suspense, { fallback: null }, children));
}

function renderTeamPage(fake: FakeTeamService, uid: string, teamId?: string) {
  const opened: (string | undefined)[] = [];
  const hook = renderHook(
    ({ id }: { id?: string }) => useTeamPage(fake.transport, { teamId: id, myUid: uid, onOpen: (t) => opened.push(t) }),
    { wrapper: wrapper(), initialProps: { id: teamId } },
  );
  return { ...hook, opened };
}

const done = () => undefined;

describe('useTeamPage', () => {
  it('creates a team and opens it; invites, and the new member shows in the table with their role', async () => {
    const fake = createFakeTeamService({ userId: 'ann' });
    const page = renderTeamPage(fake, 'ann');
    await waitFor(() => expect(page.result.current.loading).toBe(false));
    expect(page.result.current.teams).toEqual([]);
    expect(page.result.current.team).toBeUndefined();

    act(() => page.result.current.createTeam.submit('  ', done));
    // A blank name is refused in the server's words (validDisplayText, which the fake shares).
    await waitFor(() => expect(page.result.current.createTeam.error).toBe('Name is required.'));
    act(() => page.result.current.createTeam.submit('Crew', done));
    await waitFor(() => expect(page.opened).toHaveLength(1));
    const teamId = page.opened[0]!;
    await waitFor(() => expect(page.result.current.team?.name).toBe('Crew'));
    expect(page.result.current.team).toMatchObject({ myRole: 'owner', invites: [] });
    expect(page.result.current.team?.members.map((m) => [m.uid, m.role, m.isMe])).toEqual([['ann', 'owner', true]]);

    act(() => page.result.current.team!.createInvite.submit({ role: 'admin', expireAfterSeconds: 86_400, maxUses: 3 }));
    await waitFor(() => expect(page.result.current.team?.inviteLink).toMatch(/\/invite\/fake-invite-/));
    await waitFor(() => expect(page.result.current.team?.invites).toMatchObject([{ role: 'admin', usesLeft: 3 }]));

    const token = page.result.current.team!.inviteLink!.split('/').pop()!;
    fake.as('bob');
    const joined: string[] = [];
    const invite = renderHook(() => useInvite(fake.transport, token, (team) => joined.push(team.id)), {
      wrapper: wrapper(),
    });
    await waitFor(() =>
      expect(invite.result.current).toMatchObject({ state: 'valid', teamName: 'Crew', role: 'admin' }),
    );
    act(() => invite.result.current.join.submit());
    await waitFor(() => expect(joined).toEqual([teamId]));
    expect(fake.teams.get(teamId)!.members.get('bob')).toMatchObject({ uid: 'bob' });
  });

  it('says the server’s rule when the last owner leaves, and the role sentence when a member may not', async () => {
    const fake = createFakeTeamService({ userId: 'ann' });
    const page = renderTeamPage(fake, 'ann');
    await waitFor(() => expect(page.result.current.loading).toBe(false));
    act(() => page.result.current.createTeam.submit('Crew', done));
    await waitFor(() => expect(page.result.current.team?.name).toBe('Crew'));
    act(() => page.result.current.team!.leave.submit(done));
    await waitFor(() =>
      expect(page.result.current.team?.leave.error).toBe('A team needs an owner: make someone else an owner first.'),
    );
    expect(fake.teams.get('team-1')!.members.size).toBe(1);

    act(() => page.result.current.team!.createInvite.submit({ role: 'member', expireAfterSeconds: 60, maxUses: 1 }));
    await waitFor(() => expect(page.result.current.team?.inviteLink).toBeDefined());
    fake.as('bob');
    await createClient(TeamService, fake.transport).acceptInvite({
      token: page.result.current.team!.inviteLink!.split('/').pop()!,
    });
    const bob = renderTeamPage(fake, 'bob', 'team-1');
    await waitFor(() => expect(bob.result.current.team?.myRole).toBe('member'));
    act(() => bob.result.current.team!.removeMember.submit('ann', done));
    await waitFor(() =>
      expect(bob.result.current.team?.removeMember.error).toBe(
        'Your role in this team does not allow that. Ask an owner or an admin.',
      ),
    );
    expect(fake.teams.get('team-1')!.members.size).toBe(2);
  });
});

describe('invites by email', () => {
  it('with mail set up, the link also goes to the address given, and the page says so', async () => {
    const fake = createFakeTeamService({ userId: 'ann', mailEnabled: true });
    const page = renderTeamPage(fake, 'ann');
    await waitFor(() => expect(page.result.current.loading).toBe(false));
    act(() => page.result.current.createTeam.submit('Crew', done));
    await waitFor(() => expect(page.result.current.team?.mailEnabled).toBe(true));
    act(() =>
      page.result.current.team!.createInvite.submit({
        role: 'member',
        expireAfterSeconds: 3600,
        maxUses: 1,
        email: 'bob@example.com',
      }),
    );
    await waitFor(() => expect(page.result.current.team?.mailedTo).toBe('bob@example.com'));
    expect(fake.mailed.map((m) => [m.to, m.url])).toEqual([['bob@example.com', page.result.current.team!.inviteLink]]);
  });
});

describe('useInvite', () => {
  it('names a dead link’s state and refuses to join it', async () => {
    const fake = createFakeTeamService();
    fake.as(undefined);
    const unknown = renderHook(() => useInvite(fake.transport, 'nope', () => undefined), { wrapper: wrapper() });
    await waitFor(() => expect(unknown.result.current).toMatchObject({ state: 'unknown', teamName: '' }));

    fake.as('ann');
    const teams = createClient(TeamService, fake.transport);
    const team = await teams.createTeam({ name: 'Crew' });
    const { token, invite } = await teams.createInvite({ teamId: team.id });
    await teams.revokeInvite({ teamId: team.id, inviteId: invite!.id });
    fake.as('bob');
    const revoked = renderHook(() => useInvite(fake.transport, token, () => undefined), { wrapper: wrapper() });
    await waitFor(() => expect(revoked.result.current).toMatchObject({ state: 'revoked', teamName: 'Crew' }));
    act(() => revoked.result.current.join.submit());
    await waitFor(() => expect(revoked.result.current.join.error).toBe('This invite was revoked.'));
    expect(fake.teams.get(team.id)!.members.has('bob')).toBe(false);
  });
});

describe('the active space', () => {
  it('is kept in session storage and lists Personal, then my teams', async () => {
    expect(rememberedSpace()).toEqual(PERSONAL_SPACE);
    rememberSpace({ id: 'team-1', name: 'Crew' });
    expect(rememberedSpace()).toEqual({ id: 'team-1', name: 'Crew' });
    rememberSpace(PERSONAL_SPACE);
    expect(rememberedSpace()).toEqual(PERSONAL_SPACE);

    const fake = createFakeTeamService({ userId: 'ann' });
    const client = new QueryClient();
    expect(await loadSpaces(client, fake.transport)).toEqual([PERSONAL_SPACE]);
    await createClient(TeamService, fake.transport).createTeam({ name: 'Crew' });
    expect(await loadSpaces(new QueryClient(), fake.transport)).toEqual([
      PERSONAL_SPACE,
      { id: 'team-1', name: 'Crew' },
    ]);
  });
});

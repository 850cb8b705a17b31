import { Code, ConnectError } from '@connectrpc/connect';
import { InviteState, TeamRole } from '@stream/proto';
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeTeamService } from '../testing';
import { acceptInviteMutation, createInviteMutation, createTeamMutation, leaveTeamMutation } from './mutations';
import { getInviteQuery, getTeamQuery, listMyTeamsQuery } from './queries';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

describe('team queries over the fake TeamService', () => {
  it('creating a team refreshes the list of my teams; an invite link brings another person in', async () => {
    const fake = createFakeTeamService({ userId: 'ann' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const teams = new QueryObserver(client, listMyTeamsQuery(fake.transport));
    cleanups.push(teams.subscribe(() => undefined));
    await vi.waitFor(() => expect(teams.getCurrentResult().data?.teams).toEqual([]));

    const team = await new MutationObserver(client, createTeamMutation(fake.transport, client)).mutate({
      name: 'Crew',
    });
    await vi.waitFor(() => expect(teams.getCurrentResult().data?.teams.map((t) => t.name)).toEqual(['Crew']));
    const { token, url } = await new MutationObserver(client, createInviteMutation(fake.transport, client)).mutate({
      teamId: team.id,
    });
    expect(url).toBe(`http://localhost:3000/invite/${token}`);

    fake.as(undefined);
    const invite = await client.fetchQuery(getInviteQuery(fake.transport, token));
    expect(invite).toMatchObject({ state: InviteState.VALID, teamName: 'Crew', role: TeamRole.MEMBER });

    fake.as('bob');
    await new MutationObserver(client, acceptInviteMutation(fake.transport, client)).mutate({ token });
    fake.as('ann');
    const page = await client.fetchQuery(getTeamQuery(fake.transport, team.id));
    expect(page.members.map((m) => [m.uid, m.role])).toEqual([
      ['ann', TeamRole.OWNER],
      ['bob', TeamRole.MEMBER],
    ]);
    expect((await client.fetchQuery({ ...getInviteQuery(fake.transport, token), staleTime: 0 })).state).toBe(
      InviteState.USED_UP,
    );
  });

  it('keeps the server’s refusals: a member may not invite, the last owner may not leave', async () => {
    const fake = createFakeTeamService({ userId: 'ann' });
    const client = new QueryClient();
    const team = await new MutationObserver(client, createTeamMutation(fake.transport, client)).mutate({
      name: 'Crew',
    });
    const invite = new MutationObserver(client, createInviteMutation(fake.transport, client));
    const { token } = await invite.mutate({ teamId: team.id });
    fake.as('bob');
    await new MutationObserver(client, acceptInviteMutation(fake.transport, client)).mutate({ token });
    const refused = await invite.mutate({ teamId: team.id }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConnectError);
    expect((refused as ConnectError).code).toBe(Code.PermissionDenied);

    fake.as('ann');
    const leave = new MutationObserver(client, leaveTeamMutation(fake.transport, client));
    const stays = await leave.mutate({ teamId: team.id }).catch((error: unknown) => error);
    expect((stays as ConnectError).code).toBe(Code.FailedPrecondition);
    expect(fake.teams.get(team.id)!.members.size).toBe(2);
  });
});

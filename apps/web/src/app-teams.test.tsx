import { createClient } from '@connectrpc/connect';
import { TeamService } from '@stream/proto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './testing/render-app';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('teams in the app', () => {
  it('/team creates a team, then the side navigation switches /videos to its space, kept over a reload', async () => {
    const user = userEvent.setup();
    const { router, teams } = renderApp('/team');
    await screen.findByText(/not in a team yet/);
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    await user.keyboard('Crew{Enter}');
    await screen.findByRole('heading', { level: 2, name: 'Crew' });
    const [teamId] = [...teams.teams.keys()];
    expect(router.state.location.search).toEqual({ team: teamId });

    await user.click(screen.getByRole('button', { name: 'Space: Personal' }));
    await user.click(await screen.findByRole('button', { name: 'Crew' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos'));
    expect(router.state.location.search).toEqual({ space: teamId });
    expect(screen.getByRole('button', { name: 'Space: Crew' })).toBeTruthy();
    cleanup();

    // A reload (a new app, same tab): /videos without a space opens the one chosen last.
    const again = renderApp('/videos');
    await waitFor(() => expect(again.router.state.location.search).toEqual({ space: teamId }));
  });

  it('/invite/$token signed out names the team and sends the person through sign-in and back', async () => {
    const { router, teams } = renderApp('/login', { signedIn: false });
    teams.as('ann');
    const client = createClient(TeamService, teams.transport);
    const team = await client.createTeam({ name: 'Launch crew' });
    const { token } = await client.createInvite({ teamId: team.id });
    teams.as(undefined);
    await router.navigate({ to: '/invite/$token', params: { token } });
    await screen.findByRole('heading', { name: 'Join Launch crew' });
    const signIn = screen.getByRole('link', { name: 'Sign in or sign up to join' });
    expect(signIn.getAttribute('href')).toBe(`/login?redirect=%2Finvite%2F${token}`);

    await router.navigate({ to: '/invite/$token', params: { token: 'x'.repeat(43) } });
    expect(
      within(await screen.findByRole('heading', { level: 1 })).getByText('This invite link does not exist'),
    ).toBeTruthy();
  });

  it("a team space reached by URL alone is named at once: the heading and the side navigation say the team's name", async () => {
    const { router, teams } = renderApp('/');
    const team = await createClient(TeamService, teams.transport).createTeam({ name: 'Acme' });
    await screen.findByRole('button', { name: 'Space: Personal' });
    await router.navigate({ to: '/videos', search: { space: team.id } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme videos' })).toBeTruthy();
    // Without opening the switcher; and remembered by name for the next page of this tab.
    expect(await screen.findByRole('button', { name: 'Space: Acme' })).toBeTruthy();
    await waitFor(() => expect(window.sessionStorage.getItem('stream.activeSpace')).toContain('"Acme"'));
  });
});

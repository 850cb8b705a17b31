import { createSession, createSignInActions } from '@stream/auth';
import { createVideoTransport } from '@stream/video-api';
import { createFakeAuthClient } from '@stream/auth/testing';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppRouter } from './router';

afterEach(cleanup);

function renderApp(path: string, signedIn: boolean) {
  const client = createFakeAuthClient();
  client.addAccount({ email: 'ada@example.com', password: 'secret-1', displayName: 'Ada' });
  if (signedIn) client.restore('ada@example.com');
  const session = createSession(client, window.localStorage);
  const transport = createVideoTransport({ baseUrl: 'http://127.0.0.1:9', getToken: () => undefined });
  const router = createAppRouter({ queryClient: new QueryClient(), session, signIn: createSignInActions(client, session, window.localStorage), transport });
  const history = createMemoryHistory({ initialEntries: [path] });
  router.update({ ...router.options, history });
  render(<RouterProvider router={router} />);
  return { router, history, session };
}

describe('the route guard', () => {
  it('sends a signed-out visitor of a protected route to /login, replacing the entry', async () => {
    window.localStorage.clear();
    const { router, history } = renderApp('/videos', false);
    await screen.findByRole('button', { name: 'Sign in with email' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/videos' });
    expect(history.length).toBe(1);
  });

  it('lets a user with a stored token in', async () => {
    window.localStorage.setItem('authToken', 'stored-token');
    renderApp('/settings', true);
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
  });
});

describe('the login page', () => {
  it('tells a signed-in visitor they are logged in, and logs out to the sign-out screen', async () => {
    window.localStorage.setItem('authToken', 'stored-token');
    const { session } = renderApp('/login', true);
    expect(await screen.findByRole('heading', { name: 'You are logged in' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('You are now successfully signed out.')).toBeTruthy();
    expect(session.isSignedIn()).toBe(false);
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('logs out from the user menu to /login', async () => {
    window.localStorage.setItem('authToken', 'stored-token');
    const { router } = renderApp('/settings', true);
    await screen.findByText('Manage your account settings');
    await userEvent.click(screen.getByRole('button', { name: /Ada/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await screen.findByRole('button', { name: 'Sign in with email' });
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });
});

describe('pages', () => {
  it('shows Team, Profile and a not-found page', async () => {
    window.localStorage.setItem('authToken', 'stored-token');
    renderApp('/team', true);
    expect(await screen.findByText('Manage your team members here')).toBeTruthy();
    cleanup();
    renderApp('/profile', true);
    expect(await screen.findByRole('heading', { name: 'Ada' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    cleanup();
    renderApp('/no/such/page', true);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

import { createSession, createSignInActions } from '@stream/auth';
import { createVideoTransport } from '@stream/video-api';
import { createFakeAuthClient } from '@stream/auth/testing';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from './router';

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
    renderApp('/videos', true);
    expect(await screen.findByRole('heading', { name: 'Videos' })).toBeTruthy();
  });
});

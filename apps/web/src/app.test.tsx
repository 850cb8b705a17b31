import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './testing/render-app';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('the route guard', () => {
  it('sends a signed-out visitor of a protected route to /login, replacing the entry', async () => {
    const { router, history } = renderApp('/videos', { signedIn: false });
    await screen.findByRole('button', { name: 'Sign in with email' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/videos' });
    expect(history.length).toBe(1);
  });

  it('lets a user with a stored token in', async () => {
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
  });
});

describe('the login page', () => {
  it('tells a signed-in visitor they are logged in, and logs out to the sign-out screen', async () => {
    const { session } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'You are logged in' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('You are now successfully signed out.')).toBeTruthy();
    expect(session.isSignedIn()).toBe(false);
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('logs out from the user menu to /login', async () => {
    const { router } = renderApp('/settings');
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
    renderApp('/team');
    expect(await screen.findByText('Manage your team members here')).toBeTruthy();
    cleanup();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Ada' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    cleanup();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

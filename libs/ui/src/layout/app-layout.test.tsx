import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from './app-layout';

afterEach(cleanup);

const renderLayout = (props: Partial<Parameters<typeof AppLayout>[0]> = {}) => {
  const onLogout = vi.fn();
  const onToggleTheme = vi.fn();
  render(
    <AppLayout
      currentPath="/videos"
      userName="Ada Lovelace"
      onLogout={onLogout}
      theme="light"
      onToggleTheme={onToggleTheme}
      {...props}
    >
      <p>page</p>
    </AppLayout>,
  );
  return { onLogout, onToggleTheme };
};

describe('the shared layout', () => {
  it('has the title, a search box, the theme toggle and the page', () => {
    renderLayout();
    expect(screen.getByRole('link', { name: 'Stream' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
    expect(screen.getByText('page')).toBeTruthy();
  });

  it('on a phone: search is the drawer’s first field, Enter closes the drawer, and the user menu shows the avatar alone', async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: false,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      const onSearch = vi.fn();
      renderLayout({ onSearch });
      const nav = screen.getByRole('navigation', { name: 'Main' });
      await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
      await userEvent.type(within(nav).getByRole('searchbox', { name: 'Search' }), 'lisbon{Enter}');
      expect(onSearch).toHaveBeenLastCalledWith('lisbon', 'submit');
      expect(screen.getByRole('button', { name: 'Open navigation' }).getAttribute('aria-expanded')).toBe('false');
      expect(screen.getAllByRole('searchbox')).toHaveLength(1);
      const name = within(screen.getByRole('button', { name: /Ada Lovelace/ })).getByText('Ada Lovelace');
      expect(name.className).toContain('sr-only');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('links Team apart at the top, then Home, Record, Videos and Settings, marking the current one', () => {
    renderLayout({ currentPath: '/video/abc' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const lists = within(nav).getAllByRole('list');
    expect(
      within(lists[0]!)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Team']);
    expect(
      within(lists[1]!)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Record', '/record'],
      ['Videos', '/videos'],
      ['Settings', '/settings'],
    ]);
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Videos');
    expect(within(nav).getByRole('link', { name: 'Record' }).querySelector('svg.text-red-600 circle')).toBeTruthy();
  });

  it('marks Home on the home page', () => {
    renderLayout({ currentPath: '/' });
    expect(screen.getByRole('link', { current: 'page' }).textContent).toBe('Home');
  });

  it('opens a user menu with Profile and Logout', async () => {
    const { onLogout } = renderLayout();
    await userEvent.click(screen.getByRole('button', { name: /Ada Lovelace/ }));
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('calls a nameless user "User" and closes the menu on Escape', async () => {
    renderLayout({ userName: null });
    await userEvent.click(screen.getByRole('button', { name: /User/ }));
    expect(screen.getByRole('menu')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('toggles the theme', async () => {
    const { onToggleTheme } = renderLayout({ theme: 'dark' });
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(onToggleTheme).toHaveBeenCalledOnce();
  });

  it('links Admin last for an admin only', () => {
    renderLayout({ currentPath: '/admin', showAdmin: true });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links.at(-1)).toEqual(['Admin', '/admin']);
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Admin');
    cleanup();
    renderLayout({ currentPath: '/admin' });
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it("shows the instance's name, logo and accent in the top bar, and the person's photo", () => {
    renderLayout({
      brand: { productName: 'Acme Video', logoUrl: 'https://example.com/logo.png', accentColor: '#0b7285' },
      userPhotoUrl: '/api/photos/abc.jpg?signature=x',
    });
    const home = screen.getByRole('link', { name: 'Acme Video' });
    expect(home.getAttribute('href')).toBe('/');
    expect(home.querySelector('img')?.getAttribute('src')).toBe('https://example.com/logo.png');
    expect(screen.queryByRole('link', { name: 'Stream' })).toBeNull();
    const frame = home.closest('.drawer') as HTMLElement;
    expect(frame.style.getPropertyValue('--color-primary')).toBe('#0b7285');
    const menu = screen.getByRole('button', { name: /Ada Lovelace/ });
    expect(menu.querySelector('img')?.getAttribute('src')).toBe('/api/photos/abc.jpg?signature=x');
  });

  it('takes only a #rrggbb accent and keeps Stream without a brand', () => {
    renderLayout({ brand: { productName: '', logoUrl: '', accentColor: 'red;background:url(x)' } });
    const home = screen.getByRole('link', { name: 'Stream' });
    expect(home.querySelector('img')).toBeNull();
    expect((home.closest('.drawer') as HTMLElement).getAttribute('style')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { appShellView } from './app-shell-data';

describe('appShellView', () => {
  it('shows Admin, the photo, the brand and the theme the API answered', () => {
    const view = appShellView(
      { photoUrl: '/api/photos/p.jpg?signature=s', theme: 'THEME_DARK' },
      { admin: true },
      { productName: 'Acme', logoUrl: 'https://x/l.png', accentColor: '#112233' },
    );
    expect(view).toEqual({
      showAdmin: true,
      userPhotoUrl: '/api/photos/p.jpg?signature=s',
      brand: { productName: 'Acme', logoUrl: 'https://x/l.png', accentColor: '#112233' },
      accountTheme: 'dark',
    });
    // As a protobuf-es message in the query cache holds the enum.
    expect(appShellView({ theme: 1 }, undefined, undefined).accountTheme).toBe('light');
  });

  it('shows nothing of the sort while loading, refused, or for someone who is not an admin', () => {
    expect(appShellView(undefined, undefined, undefined)).toEqual({
      showAdmin: false,
      brand: { productName: 'Stream', logoUrl: '', accentColor: '' },
    });
    // The Connect JSON leaves out what is empty or zero (THEME_SYSTEM, admin false, no branding set).
    expect(appShellView({}, {}, {})).toEqual({
      showAdmin: false,
      brand: { productName: 'Stream', logoUrl: '', accentColor: '' },
    });
  });
});

import { create } from '@bufbuild/protobuf';
import { AccountSchema, AdminStatusSchema, BrandingSchema, Theme } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { appShellView } from './use-app-shell';

describe('appShellView', () => {
  it('shows Admin, the photo, the brand and the theme the API answered', () => {
    const view = appShellView(
      create(AccountSchema, { photoUrl: '/api/photos/p.jpg?signature=s', theme: Theme.DARK }),
      create(AdminStatusSchema, { admin: true }),
      create(BrandingSchema, { productName: 'Acme', logoUrl: 'https://x/l.png', accentColor: '#112233' }),
    );
    expect(view).toEqual({
      showAdmin: true,
      userPhotoUrl: '/api/photos/p.jpg?signature=s',
      brand: { productName: 'Acme', logoUrl: 'https://x/l.png', accentColor: '#112233' },
      accountTheme: 'dark',
    });
  });

  it('shows nothing of the sort while loading, refused, or for someone who is not an admin', () => {
    expect(appShellView(undefined, undefined, undefined)).toEqual({
      showAdmin: false,
      brand: { productName: 'Stream', logoUrl: '', accentColor: '' },
    });
    const view = appShellView(
      create(AccountSchema, { theme: Theme.SYSTEM }),
      create(AdminStatusSchema, { admin: false }),
      create(BrandingSchema, {}),
    );
    expect(view).toEqual({ showAdmin: false, brand: { productName: 'Stream', logoUrl: '', accentColor: '' } });
  });
});

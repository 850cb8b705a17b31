import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignInPage } from './sign-in-page';

afterEach(cleanup);

describe('SignInPage', () => {
  it('says what Stream is, its four promises and shows a recording and its watch page, beside the widget', () => {
    render(
      <SignInPage>
        <p>the widget</p>
      </SignInPage>,
    );
    const about = screen.getByRole('region', { name: 'About Stream' });
    expect(within(about).getByText(/watching needs no account/)).toBeTruthy();
    expect(
      within(about)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent),
    ).toEqual(['Quick Recording.', 'Easy Sharing.', 'Organised Library.', 'Basic Editing.']);
    const picture = within(about).getByRole('img', { name: /recorded, then the same recording on its watch page/ });
    expect(picture.getAttribute('src')).toBe('/how-stream-works.svg');
    expect(screen.getByText('the widget')).toBeTruthy();
  });

  it('says why the person is here above the widget (an account just deleted)', () => {
    render(
      <SignInPage notice="Your account was deleted.">
        <p>the widget</p>
      </SignInPage>,
    );
    expect(screen.getByRole('status').textContent).toBe('Your account was deleted.');
  });

  it("offers the organisation's sign-in above the widget when it is on, and nothing of it otherwise", () => {
    const { unmount } = render(
      <SignInPage oidc={{ name: 'Acme SSO', href: '/api/auth/oidc/start?next=%2F' }}>
        <p>the widget</p>
      </SignInPage>,
    );
    const link = screen.getByRole('link', { name: 'Continue with Acme SSO' });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/start?next=%2F');
    expect(screen.getByText('the widget')).toBeTruthy();
    unmount();
    render(
      <SignInPage>
        <p>the widget</p>
      </SignInPage>,
    );
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });

  it('offers SAML beside OpenID Connect, or alone', () => {
    const { unmount } = render(
      <SignInPage
        oidc={{ name: 'Acme SSO', href: '/api/auth/oidc/start?next=%2F' }}
        saml={{ name: 'Acme SAML', href: '/api/auth/saml/start?next=%2F' }}
      >
        <p>the widget</p>
      </SignInPage>,
    );
    const links = screen.getAllByRole('link', { name: /Continue with/ });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Continue with Acme SSO', '/api/auth/oidc/start?next=%2F'],
      ['Continue with Acme SAML', '/api/auth/saml/start?next=%2F'],
    ]);
    unmount();
    render(
      <SignInPage saml={{ name: 'Acme SAML', href: '/api/auth/saml/start?next=%2F' }}>
        <p>the widget</p>
      </SignInPage>,
    );
    expect(screen.getByRole('link', { name: 'Continue with Acme SAML' })).toBeTruthy();
    expect(screen.getByText('the widget')).toBeTruthy();
  });
});

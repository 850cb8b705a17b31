import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPageView, type SettingsPageViewProps } from './settings-page-view';

afterEach(cleanup);

function props(overrides: Partial<SettingsPageViewProps> = {}): SettingsPageViewProps {
  return {
    loading: false,
    account: {
      displayName: 'Ada',
      email: 'ada@example.com',
      defaultVisibility: 'Private',
      theme: 'System',
      recording: { camera: false, microphone: true, countdownSeconds: 0 },
    },
    rename: { busy: false, submit: vi.fn() },
    defaults: { busy: false, submit: vi.fn() },
    security: {
      email: 'ada@example.com',
      emailVerified: false,
      providers: ['password'],
      hasPassword: true,
      verification: null,
      onResendVerification: vi.fn(),
      passwordBusy: false,
      password: null,
      onChangePassword: vi.fn(),
    },
    exportData: { busy: false, start: vi.fn() },
    deleteAccount: { busy: false, submit: vi.fn() },
    ...overrides,
  };
}

describe('SettingsPageView', () => {
  it('links to each section by its anchor, and each section is a region named by its heading', () => {
    render(<SettingsPageView {...props()} />);
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#profile', '#account', '#defaults', '#data']);
    for (const name of ['Profile', 'Account', 'Defaults', 'Your data']) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
    expect(document.getElementById('profile')?.textContent).toBe('Profile');
  });

  it('links Storage and API keys, in their place before Your data, when it draws them', () => {
    render(
      <SettingsPageView
        {...props({
          storage: { loading: false, used: '4.9 MB', videos: [], renderVideoLink: (_id, children) => children },
          apiKeys: {
            loading: false,
            keys: [],
            create: { busy: false, submit: vi.fn(), dismiss: vi.fn() },
            revoke: { busy: false, submit: vi.fn() },
          },
        })}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#profile', '#account', '#defaults', '#storage', '#api-keys', '#data']);
    expect(screen.getByRole('region', { name: 'Storage' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'API keys' })).toBeTruthy();
  });

  it('saves the spoken language new videos are transcribed in', async () => {
    const page = props();
    render(<SettingsPageView {...page} account={{ ...page.account!, spokenLanguage: '' }} />);
    const language = screen.getByRole('combobox', { name: 'Spoken language of new videos' });
    expect((language as HTMLSelectElement).value).toBe('');
    await userEvent.selectOptions(language, 'German');
    expect(page.defaults.submit).toHaveBeenCalledWith({ spokenLanguage: 'de' });
  });

  it('saves the display name and the default visibility the person chose', async () => {
    const page = props();
    render(<SettingsPageView {...page} />);
    const name = screen.getByLabelText('Display name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada Lovelace{Enter}');
    expect(page.rename.submit).toHaveBeenCalledWith('Ada Lovelace');
    await userEvent.selectOptions(screen.getByLabelText('Default visibility'), 'Public');
    expect(page.defaults.submit).toHaveBeenCalledWith({ defaultVisibility: 'Public' });
  });

  it('deletes only once the email is typed, and shows why a deletion was refused', async () => {
    const page = props({ deleteAccount: { busy: false, submit: vi.fn(), error: 'You are the only owner of Crew.' } });
    render(<SettingsPageView {...page} />);
    const button = screen.getByRole('button', { name: 'Delete my account' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText(/Type your email/), 'ADA@example.com');
    await userEvent.click(button);
    expect(page.deleteAccount.submit).toHaveBeenCalledWith('ADA@example.com');
    expect(screen.getByText('You are the only owner of Crew.')).toBeTruthy();
  });

  it('changes the password with both fields and says how it went; a box of the recording defaults saves at once', async () => {
    const security = { ...props().security, password: { ok: true as const } };
    const defaults = { busy: false, submit: vi.fn() };
    render(<SettingsPageView {...props({ security, defaults })} />);
    const form = screen.getByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'old secret');
    await userEvent.type(within(form).getByLabelText('New password'), 'new secret');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(security.onChangePassword).toHaveBeenCalledWith('old secret', 'new secret');
    expect(within(form).getByRole('status').textContent).toBe('Password changed');
    await userEvent.click(screen.getByLabelText('Camera'));
    expect(defaults.submit).toHaveBeenCalledWith({
      recording: { camera: true, microphone: true, countdownSeconds: 0 },
    });
  });

  it('uploads a profile photo chosen in Profile, shows the saved one, and says why one was refused', async () => {
    const upload = vi.fn();
    const page = props({ photo: { busy: false, upload, error: 'A photo can be at most 5 MB.' } });
    render(<SettingsPageView {...page} account={{ ...page.account!, photoUrl: '/api/photos/p.jpg?signature=s' }} />);
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByRole('img', { name: 'Your profile photo' }).getAttribute('src')).toBe(
      '/api/photos/p.jpg?signature=s',
    );
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await userEvent.upload(within(profile).getByLabelText('Profile photo'), picture);
    expect(upload).toHaveBeenCalledWith(picture);
    expect(within(profile).getByText('A photo can be at most 5 MB.')).toBeTruthy();
  });

  it('has no photo field when the page cannot upload one', () => {
    render(<SettingsPageView {...props()} />);
    expect(screen.queryByLabelText('Profile photo')).toBeNull();
  });

  it('draws Notifications after Defaults, saves the email choice, and says what mail would add without SMTP', async () => {
    const submit = vi.fn();
    const { rerender } = render(
      <SettingsPageView
        {...props({ notifications: { mail: 'Immediately', mailAvailable: true, save: { busy: false, submit } } })}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#profile', '#account', '#defaults', '#notifications', '#data']);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.textContent).not.toContain('SMTP_URL');
    await userEvent.selectOptions(within(region).getByLabelText('Email notifications'), 'Daily digest');
    expect(submit).toHaveBeenCalledWith('Daily digest');

    rerender(
      <SettingsPageView
        {...props({ notifications: { mail: 'Off', mailAvailable: false, save: { busy: false, submit } } })}
      />,
    );
    expect(screen.getByRole('region', { name: 'Notifications' }).textContent).toMatch(
      /sends no email .*SMTP_URL.*at once or one mail a day/,
    );
    expect((screen.getByLabelText('Email notifications') as HTMLSelectElement).value).toBe('Off');
  });
});

import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { ApiKeysSection } from './api-keys-section';
import { StorageSection } from './storage-section';

afterEach(cleanup);

describe('the Storage and API keys sections of /settings', () => {
  it('Storage: used against the quota, the videos by size with a link to each', () => {
    render(
      <StorageSection
        loading={false}
        used="4.9 MB"
        quota="10 MB"
        percent={49}
        videos={[
          { id: 'big', title: 'Big one', size: '4.0 MB' },
          { id: 'small', title: 'Small one', size: '0.9 MB' },
        ]}
        renderVideoLink={(id, children) => <a href={`/video/${id}`}>{children}</a>}
      />,
    );
    const region = screen.getByRole('region', { name: 'Storage' });
    expect(within(region).getByText('4.9 MB of 10 MB used')).toBeTruthy();
    expect(
      within(region)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/video/big', '/video/small']);
    expect(screen.getByRole('heading', { name: 'Storage' }).id).toBe('storage');
  });

  it('Storage and API keys say Loading... meanwhile, and why a load failed instead of their lists', () => {
    const link = (id: string, children: ReactNode) => <a href={`/video/${id}`}>{children}</a>;
    const keys = [{ id: 'k1', name: 'CI', prefix: 'stk_abcdef', scope: 'read-write' as const, revoked: false }];
    const actions = {
      create: { busy: false, submit: () => undefined, dismiss: () => undefined },
      revoke: { busy: false, submit: () => undefined },
    };
    const videos = [{ id: 'big', title: 'Big one', size: '4.0 MB' }];
    const { rerender } = render(
      <>
        <StorageSection loading videos={videos} renderVideoLink={link} />
        <ApiKeysSection loading keys={keys} {...actions} />
      </>,
    );
    expect(screen.getAllByText('Loading...')).toHaveLength(2);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke CI' })).toBeNull();
    rerender(
      <>
        <StorageSection loading={false} loadError="Storage could not load" videos={videos} renderVideoLink={link} />
        <ApiKeysSection loading={false} loadError="Keys could not load" keys={keys} {...actions} />
      </>,
    );
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Storage could not load',
      'Keys could not load',
    ]);
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke CI' })).toBeNull();
  });

  it('API keys: creates with a name, shows the secret once, revokes', async () => {
    const calls: unknown[][] = [];
    render(
      <ApiKeysSection
        loading={false}
        keys={[
          { id: 'k1', name: 'CI', prefix: 'stk_abcdef', scope: 'read-write', revoked: false },
          { id: 'k2', name: 'Old', prefix: 'stk_123456', scope: 'read', revoked: true },
        ]}
        create={{
          busy: false,
          secret: 'stk_secret',
          submit: (name) => void calls.push(['create', name]),
          dismiss: () => undefined,
        }}
        revoke={{ busy: false, submit: (id) => void calls.push(['revoke', id]) }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'API keys' }).id).toBe('api-keys');
    expect((screen.getByLabelText('New API key') as HTMLInputElement).value).toBe('stk_secret');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Key name'), 'Deploy');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await user.click(screen.getByRole('button', { name: 'Revoke CI' }));
    expect(screen.queryByRole('button', { name: 'Revoke Old' })).toBeNull();
    expect(calls).toEqual([
      ['create', 'Deploy'],
      ['revoke', 'k1'],
    ]);
  });
});

import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminPageView, type AdminPageViewProps } from './admin-page-view';

afterEach(cleanup);

function page(calls: unknown[][], overrides: Partial<AdminPageViewProps> = {}): AdminPageViewProps {
  return {
    loading: false,
    totals: { people: 2, videos: 3, stored: '9.0 MB', jobsWaiting: 1, jobsFailed: 0 },
    myUid: 'ops',
    people: [
      {
        uid: 'ops',
        name: 'Ops',
        email: 'ops@example.com',
        disabled: false,
        admin: true,
        source: 'OpenID Connect',
        used: '0 bytes',
        quota: 'unlimited',
        ownQuota: false,
        overQuota: false,
        videoCount: 0,
      },
      {
        uid: 'ann',
        name: 'Ann',
        email: 'ann@example.com',
        disabled: false,
        admin: false,
        source: 'SCIM',
        used: '9.0 MB',
        quota: '3.0 MB',
        ownQuota: false,
        overQuota: true,
        videoCount: 3,
        lastActive: new Date('2026-11-26T00:00:00Z'),
      },
    ],
    disable: { busy: false, submit: (...args) => void calls.push(['disable', ...args]) },
    quota: { busy: false, submit: (...args) => void calls.push(['quota', ...args.slice(0, 2)]) },
    policy: { busy: false, mode: 'open', domains: [], submit: (...args) => void calls.push(['policy', ...args]) },
    audit: [
      { id: '1', actor: 'ops@example.com', action: 'person.quota', target: 'ann', detail: 'quota default -> 1 bytes' },
    ],
    ...overrides,
  };
}

describe('AdminPageView', () => {
  it('shows the totals, each person with storage against quota, and no Disable for the admin themselves', () => {
    render(<AdminPageView {...page([])} />);
    expect(screen.getByRole('heading', { name: 'Admin' })).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'This Stream' });
    expect(within(totals).getByText('Jobs waiting').nextSibling?.textContent).toBe('1');
    const ann = screen.getByRole('row', { name: 'Ann' });
    expect(within(ann).getByText(/9\.0 MB of 3\.0 MB \(default\)/)).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Ops' })).queryByRole('button', { name: /Disable/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'Audit log' }).textContent).toMatch(
      /person\.quota \(ann\) — quota default/,
    );
  });

  it('says where each person comes from, labelled', () => {
    render(<AdminPageView {...page([])} />);
    expect(within(screen.getByRole('row', { name: 'Ann' })).getByTestId('person-source').textContent).toBe(
      'Comes from: SCIM',
    );
    expect(within(screen.getByRole('row', { name: 'Ops' })).getByTestId('person-source').textContent).toBe(
      'Comes from: OpenID Connect',
    );
  });

  it('disables a person and sets a quota in MB', async () => {
    const calls: unknown[][] = [];
    render(<AdminPageView {...page(calls)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Disable Ann' }));
    await user.type(screen.getByLabelText('Quota for Ann in MB'), '10');
    await user.click(within(screen.getByRole('row', { name: 'Ann' })).getByRole('button', { name: 'Set quota' }));
    expect(calls).toEqual([
      ['disable', 'ann', true],
      ['quota', 'ann', '10'],
    ]);
  });

  it("the quota field's hint fits it: 'default' inside, the unit beside it (not a cut 'MB (empty: def')", () => {
    render(<AdminPageView {...page([])} />);
    const field = screen.getByLabelText('Quota for Ann in MB') as HTMLInputElement;
    expect(field.placeholder).toBe('default');
    expect(within(screen.getByRole('row', { name: 'Ann' })).getByText('MB')).toBeTruthy();
  });

  it('says when a new quota is below what the person stores, and shows refusals', () => {
    render(
      <AdminPageView
        {...page([], {
          quota: {
            busy: false,
            overQuotaWarning: 'Ann already stores more than the new quota',
            submit: () => undefined,
          },
          disable: { busy: false, error: 'You cannot disable yourself.', submit: () => undefined },
        })}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/already stores more/);
    expect(screen.getByRole('alert').textContent).toBe('You cannot disable yourself.');
  });

  it('sets the sign-up policy to some email domains', async () => {
    const calls: unknown[][] = [];
    render(<AdminPageView {...page(calls)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Only these email domains' }));
    await user.type(screen.getByLabelText('Email domains (comma-separated)'), 'example.org');
    await user.click(screen.getByRole('button', { name: 'Save sign-up policy' }));
    expect(calls).toEqual([['policy', 'domains', 'example.org']]);
  });

  it('saves the branding from the saved values', async () => {
    const saved: unknown[] = [];
    render(
      <AdminPageView
        {...page([], {
          branding: {
            busy: false,
            saved: { productName: 'Stream', logoUrl: '', accentColor: '' },
            submit: (values) => void saved.push(values),
          },
        })}
      />,
    );
    const user = userEvent.setup();
    const name = screen.getByLabelText('Product name');
    await user.clear(name);
    await user.type(name, 'Acme');
    await user.type(screen.getByLabelText('Accent colour (#rrggbb)'), '#0b7285');
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(saved).toEqual([{ productName: 'Acme', logoUrl: '', accentColor: '#0b7285' }]);
  });
});

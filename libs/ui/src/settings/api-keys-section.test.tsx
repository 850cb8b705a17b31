import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiKeysSection, type ApiKeysSectionProps } from './api-keys-section';

afterEach(cleanup);

function props(overrides: Partial<ApiKeysSectionProps> = {}): ApiKeysSectionProps {
  return {
    loading: false,
    keys: [
      { id: 'k1', name: 'CI upload', prefix: 'stk_abcdef', scope: 'read-write', revoked: false },
      { id: 'k2', name: 'Dashboard', prefix: 'stk_123456', scope: 'read', revoked: false },
    ],
    create: { busy: false, submit: vi.fn(), dismiss: vi.fn() },
    revoke: { busy: false, submit: vi.fn() },
    ...overrides,
  };
}

describe('ApiKeysSection scopes', () => {
  it('makes a key read and write unless the person picks read only', async () => {
    const page = props();
    render(<ApiKeysSection {...page} />);
    const access = screen.getByRole('combobox', { name: 'Access' }) as HTMLSelectElement;
    expect(access.value).toBe('read-write');
    expect([...access.options].map((option) => option.textContent)).toEqual(['Read and write', 'Read only']);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Key name'), 'Uploader');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await user.selectOptions(access, 'Read only');
    await user.clear(screen.getByLabelText('Key name'));
    await user.type(screen.getByLabelText('Key name'), 'Reader');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(vi.mocked(page.create.submit).mock.calls.map(([name, scope]) => [name, scope])).toEqual([
      ['Uploader', 'read-write'],
      ['Reader', 'read'],
    ]);
  });

  it('shows each key with what it may do, and says what no key can do', () => {
    render(<ApiKeysSection {...props()} />);
    const rows = within(screen.getByRole('list', { name: 'Your API keys' })).getAllByRole('listitem');
    expect(rows.map((row) => [row.textContent?.includes('CI upload'), row.textContent?.includes('Dashboard')])).toEqual(
      [
        [true, false],
        [false, true],
      ],
    );
    expect(within(rows[0]!).getByText('Read and write')).toBeTruthy();
    expect(within(rows[1]!).getByText('Read only')).toBeTruthy();
    expect(screen.getByText(/No key can delete or export your account/)).toBeTruthy();
  });
});

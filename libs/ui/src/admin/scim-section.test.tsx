import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ScimSection, type ScimSectionProps } from './scim-section';

afterEach(cleanup);

const props = (overrides: Partial<ScimSectionProps> = {}): ScimSectionProps => ({
  enabled: true,
  baseUrl: 'https://stream.example.com/scim/v2',
  rotating: false,
  onRotate: () => undefined,
  ...overrides,
});

describe('ScimSection', () => {
  it('says whether SCIM is on and the base URL to give the directory', () => {
    const { rerender } = render(<ScimSection {...props()} />);
    expect(screen.getByTestId('scim-state').textContent).toMatch(/SCIM provisioning is on/);
    expect((screen.getByLabelText('SCIM base URL') as HTMLInputElement).value).toBe(
      'https://stream.example.com/scim/v2',
    );
    rerender(<ScimSection {...props({ enabled: false })} />);
    expect(screen.getByTestId('scim-state').textContent).toMatch(/off/);
  });

  it('asks before rotating, and Cancel rotates nothing', async () => {
    let rotations = 0;
    render(<ScimSection {...props({ onRotate: () => void rotations++ })} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rotate SCIM token' }));
    expect(screen.getByRole('dialog', { name: 'Rotate the SCIM token?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(rotations).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Rotate SCIM token' }));
    await user.click(screen.getByRole('button', { name: 'Rotate token' }));
    expect(rotations).toBe(1);
  });

  it('shows the new token once with Copy', async () => {
    render(<ScimSection {...props({ token: 'fresh-token' })} />);
    expect((screen.getByLabelText('New SCIM token') as HTMLInputElement).value).toBe('fresh-token');
    expect(screen.getByRole('status').textContent).toMatch(/shown only this once/);
    expect(screen.getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
  });
});

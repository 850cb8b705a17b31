import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShareLinkRow } from './share-links-panel';
import { ShareDialog } from './share-dialog';

afterEach(cleanup);

const main = (hasPassword: boolean): ShareLinkRow => ({
  id: 'main',
  name: '',
  url: 'https://stream.test/s/tok-1',
  hasPassword,
  emailGate: false,
  viewCount: 0,
});

const renderWith = (hasPassword: boolean) =>
  render(
    <ShareDialog
      url="https://stream.test/s/tok-1"
      visibility="shared"
      onVisibilityChange={vi.fn()}
      onExpiryChange={vi.fn()}
      onResetLink={vi.fn()}
      onClose={vi.fn()}
      links={{
        links: [main(hasPassword)],
        onCreate: vi.fn(),
        onSetPassword: vi.fn(),
        onSetEmailGate: vi.fn(),
        onRevoke: vi.fn(),
      }}
    />,
  );

describe('the embed code', () => {
  it('warns when the main link it uses has a password', () => {
    renderWith(true);
    expect(screen.getByRole('textbox', { name: 'Embed code' })).toBeTruthy();
    expect(screen.getByText(/uses the main link, which has a password/)).toBeTruthy();
  });

  it('says nothing when the main link is open', () => {
    renderWith(false);
    expect(screen.queryByText(/which has a password/)).toBeNull();
  });
});

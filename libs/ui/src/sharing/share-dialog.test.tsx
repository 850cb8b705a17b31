import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type VideoVisibilityLabel, formatDateTime } from '../primitives';
import { ShareDialog, type ShareDialogProps } from './share-dialog';

afterEach(cleanup);

const NOW = new Date(2026, 5, 1, 12, 0);

function setup(props: Partial<ShareDialogProps> = {}) {
  const user = userEvent.setup();
  const calls = { visibility: [] as VideoVisibilityLabel[], expiry: [] as number[], reset: 0, close: 0 };
  const view = render(
    <ShareDialog
      url="https://stream.test/s/tok-1"
      visibility="shared"
      onVisibilityChange={(v) => calls.visibility.push(v)}
      onExpiryChange={(s) => calls.expiry.push(s)}
      onResetLink={() => (calls.reset += 1)}
      onClose={() => (calls.close += 1)}
      now={() => NOW}
      {...props}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Share video' });
  const field = within(dialog).getByRole('textbox', { name: 'Link' }) as HTMLInputElement;
  return { user, calls, view, dialog, field };
}

describe('ShareDialog', () => {
  it('shows the link read-only and copies it with the Clipboard API', async () => {
    const copyText = vi.fn(async () => undefined);
    const { user, dialog, field } = setup({ copyText });
    expect(field.value).toBe('https://stream.test/s/tok-1');
    expect(field.readOnly).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(copyText).toHaveBeenCalledWith('https://stream.test/s/tok-1');
    expect(within(dialog).getByText('Link copied.')).toBeTruthy();
  });

  it('when the clipboard refuses, selects the link and says Press Ctrl+C to copy', async () => {
    const { user, dialog, field } = setup({
      copyText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(within(dialog).getByText('Press Ctrl+C to copy.')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
  });

  it('offers three visibilities as a radio group and reports a choice', async () => {
    const { user, dialog, calls } = setup();
    const group = within(dialog).getByRole('radiogroup', { name: 'Who can watch' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      expect.stringContaining('Private'),
      expect.stringContaining('Anyone with the link'),
      expect.stringContaining('Public'),
    ]);
    expect(radios.map((r) => r.checked)).toEqual([false, true, false]);
    await user.click(within(group).getByRole('radio', { name: /Private/ }));
    expect(calls.visibility).toEqual(['private']);
  });

  it('says a private video is now shared with anyone who has the link, only when it was private', () => {
    setup({ madeShared: true });
    expect(screen.getByText('This video was private. It is now shared with anyone who has the link.')).toBeTruthy();
    cleanup();
    setup();
    expect(screen.queryByText(/It is now shared/)).toBeNull();
  });

  it('sets the expiry: never, 1, 7 or 30 days, or the end of a chosen day', async () => {
    const { user, dialog, calls } = setup();
    const select = within(dialog).getByRole('combobox', { name: 'Link expires' });
    expect(within(dialog).getByText('The link never expires.')).toBeTruthy();
    await user.selectOptions(select, '1 day');
    await user.selectOptions(select, '7 days');
    await user.selectOptions(select, '30 days');
    await user.selectOptions(select, 'Never');
    expect(calls.expiry).toEqual([86_400, 7 * 86_400, 30 * 86_400, 0]);
    await user.selectOptions(select, 'On a date');
    const date = within(dialog).getByLabelText('Expiry date');
    await user.type(date, '2026-06-03');
    // From noon on June 1 to the end of June 3: 2.5 days.
    expect(calls.expiry.at(-1)).toBe(2.5 * 86_400);
  });

  it('refuses a day already past and reports nothing', async () => {
    const { user, dialog, calls } = setup();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Link expires' }), 'On a date');
    await user.type(within(dialog).getByLabelText('Expiry date'), '2026-05-01');
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a day after today.');
    expect(calls.expiry).toEqual([]);
  });

  it('shows when the link expires, also when the expiry arrives after opening', () => {
    const { view, dialog } = setup();
    expect((within(dialog).getByRole('combobox', { name: 'Link expires' }) as HTMLSelectElement).value).toBe('never');
    view.rerender(
      <ShareDialog
        url="https://stream.test/s/tok-1"
        visibility="shared"
        expiresAt={new Date(2026, 5, 2, 12, 0)}
        onVisibilityChange={() => undefined}
        onExpiryChange={() => undefined}
        onResetLink={() => undefined}
        onClose={() => undefined}
        now={() => NOW}
      />,
    );
    expect(screen.getByText(`The link works until ${formatDateTime(new Date(2026, 5, 2, 12, 0))}.`)).toBeTruthy();
    expect((within(dialog).getByRole('combobox', { name: 'Link expires' }) as HTMLSelectElement).value).toBe('date');
    expect((within(dialog).getByLabelText('Expiry date') as HTMLInputElement).value).toBe('2026-06-02');
  });

  it('Reset link asks first, then asks for a new link and, once it arrives, says the old one no longer works', async () => {
    let resets = 0;
    function Harness() {
      const [url, setUrl] = useState('https://stream.test/s/old');
      return (
        <ShareDialog
          url={url}
          visibility="shared"
          onVisibilityChange={() => undefined}
          onExpiryChange={() => undefined}
          onResetLink={() => {
            resets += 1;
            setUrl('https://stream.test/s/new');
          }}
          onClose={() => undefined}
        />
      );
    }
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByText(/old link no longer works/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    // One click only asks; keeping the link changes nothing.
    const question = screen.getByRole('alertdialog', { name: /Make a new link\?/ });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep this link' }));
    await user.click(within(question).getByRole('button', { name: 'Keep this link' }));
    expect(resets).toBe(0);
    expect((screen.getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value).toBe('https://stream.test/s/old');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(screen.getByRole('button', { name: 'Make a new link' }));
    expect(resets).toBe(1);
    expect((screen.getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value).toBe('https://stream.test/s/new');
    expect(screen.getByText('The old link no longer works. Share the new one above.')).toBeTruthy();
  });

  it('says what Public does, and does not promise a listing that does not exist', () => {
    const { dialog } = setup();
    expect(
      within(dialog).getByText(/^Anyone can watch, signed in or not, at the link or the video’s own address/),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/Listed/)).toBeNull();
  });

  it('closes with Done and with Escape', async () => {
    const { user, dialog, calls } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.keyboard('{Escape}');
    expect(calls.close).toBe(2);
  });
});

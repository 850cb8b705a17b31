import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

// One dialog for the library's questions (a folder, a selection: asked, then closed) and for the
// changes that run while it stays open (a video, a member, a team: busy, then maybe an error).
describe('ConfirmDialog', () => {
  it('asks in a dialog named by its title: the red confirm, Cancel, and Escape cancels', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    render(
      <ConfirmDialog
        title="Delete the folder Q3?"
        message="Its videos are kept."
        confirmLabel="Delete folder"
        onConfirm={() => calls.push('confirm')}
        onCancel={() => calls.push('cancel')}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete the folder Q3?' });
    expect(dialog.textContent).toContain('Its videos are kept.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(calls).toEqual(['confirm', 'cancel', 'cancel']);
  });

  it('while busy both buttons wait; a failure is announced inside the dialog', () => {
    render(
      <ConfirmDialog
        title="Remove Dana?"
        message={
          <>
            <strong>Dana</strong> loses the team's videos.
          </>
        }
        confirmLabel="Remove"
        busy
        error="The last owner cannot leave."
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove Dana?' });
    expect(within(dialog).getByRole('button', { name: 'Remove' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('alert').textContent).toBe('The last owner cannot leave.');
    expect(within(dialog).getByText('Dana').tagName).toBe('STRONG');
  });
});

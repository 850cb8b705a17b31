import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeleteDialog } from './delete-dialog';

afterEach(cleanup);

describe('DeleteDialog', () => {
  it('names the video and confirms with Delete, or cancels', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    render(
      <DeleteDialog title="Team sync" onConfirm={() => calls.push('delete')} onCancel={() => calls.push('cancel')} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete video?' });
    expect(dialog.textContent).toContain('Team sync');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    expect(calls).toEqual(['cancel', 'delete', 'cancel']);
  });

  it('takes the focus when it opens and gives it back when it closes', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete…
          </button>
          {open && <DeleteDialog title="Team sync" onConfirm={() => undefined} onCancel={() => setOpen(false)} />}
        </>
      );
    }
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Delete…' });
    await user.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('while deleting, both buttons are disabled; a failure is shown', () => {
    render(
      <DeleteDialog
        title="Team sync"
        deleting
        error="Cannot reach the video service."
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect((screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Cannot reach the video service.');
  });
});

import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DeleteDialog } from './delete-dialog';

afterEach(cleanup);

describe('DeleteDialog', () => {
  it('names the video and confirms with Delete, or cancels', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    render(<DeleteDialog title="Team sync" onConfirm={() => calls.push('delete')} onCancel={() => calls.push('cancel')} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete video?' });
    expect(dialog.textContent).toContain('Team sync');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    expect(calls).toEqual(['cancel', 'delete', 'cancel']);
  });

  it('while deleting, both buttons are disabled; a failure is shown', () => {
    render(<DeleteDialog title="Team sync" deleting error="Cannot reach the video service." onConfirm={() => undefined} onCancel={() => undefined} />);
    expect((screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Cannot reach the video service.');
  });
});

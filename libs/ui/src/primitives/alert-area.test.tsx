import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertArea } from './alert-area';

afterEach(cleanup);

describe('AlertArea', () => {
  it('shows nothing when there is no alert', () => {
    const { container } = render(<AlertArea alert={null} onDismiss={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows a success message without Dismiss', () => {
    render(
      <AlertArea alert={{ kind: 'success', message: 'Video uploaded successfully!' }} onDismiss={() => undefined} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Video uploaded successfully!');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('shows an error with a Dismiss button that calls back', async () => {
    const onDismiss = vi.fn();
    render(<AlertArea alert={{ kind: 'error', message: 'Failed to upload video.' }} onDismiss={onDismiss} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to upload video.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});

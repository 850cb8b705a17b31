import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebhooksSection, type WebhooksSectionProps } from './webhooks-section';

afterEach(cleanup);

function props(overrides: Partial<WebhooksSectionProps> = {}): WebhooksSectionProps {
  return {
    loading: false,
    events: ['Video ready', 'New comment', 'New reaction', 'View milestone'],
    hooks: [{ id: 'h1', url: 'https://example.com/hook', events: ['New comment'] }],
    create: { busy: false, submit: vi.fn(), dismiss: vi.fn() },
    remove: { busy: false, submit: vi.fn() },
    deliveries: { loading: false, rows: [], show: vi.fn() },
    ...overrides,
  };
}

describe('WebhooksSection', () => {
  it('adds a hook with the URL and the events ticked', async () => {
    const page = props();
    render(<WebhooksSection {...page} />);
    await userEvent.type(screen.getByLabelText('Webhook URL'), 'https://example.com/new');
    await userEvent.click(screen.getByRole('checkbox', { name: 'New comment' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'View milestone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(page.create.submit).toHaveBeenCalledWith(
      'https://example.com/new',
      ['New comment', 'View milestone'],
      expect.any(Function),
    );
  });

  it('shows the new secret once, a refusal, and deletes a hook', async () => {
    const page = props({
      create: {
        busy: false,
        submit: vi.fn(),
        dismiss: vi.fn(),
        secret: 'whsec_abc',
        error: 'Refused: private address',
      },
    });
    render(<WebhooksSection {...page} />);
    expect(screen.getByRole('status').textContent).toContain('shown only this once');
    expect(screen.getByRole('alert').textContent).toBe('Refused: private address');
    await userEvent.click(screen.getByRole('button', { name: 'Delete https://example.com/hook' }));
    expect(page.remove.submit).toHaveBeenCalledWith('h1');
  });

  it('lists a hook’s deliveries with status, attempts and the last response code', async () => {
    const show = vi.fn();
    const { rerender } = render(<WebhooksSection {...props({ deliveries: { loading: false, rows: [], show } })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Deliveries to https://example.com/hook' }));
    expect(show).toHaveBeenCalledWith('h1');
    rerender(
      <WebhooksSection
        {...props({
          deliveries: {
            webhookId: 'h1',
            loading: false,
            show,
            rows: [{ id: 'd1', event: 'New comment', status: 'failed', attempts: 3, responseCode: 500, error: 'x' }],
          },
        })}
      />,
    );
    const table = screen.getByRole('table', { name: 'Latest deliveries' });
    expect(
      within(table)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual(['New comment', 'failed', '3', '500']);
  });
});

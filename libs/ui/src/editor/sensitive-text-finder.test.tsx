import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SensitiveTextFinder, type SensitiveSuggestion } from './sensitive-text-finder';

afterEach(cleanup);

const suggestions: SensitiveSuggestion<{ blur: string }>[] = [
  { id: 's1', kind: 'email', masked: 'j•••@example.com', fromSeconds: 1, toSeconds: 4, annotation: { blur: 'email' } },
  { id: 's2', kind: 'card-number', masked: '•••• 4242', fromSeconds: 62, toSeconds: 65, annotation: { blur: 'card' } },
];

describe('SensitiveTextFinder', () => {
  it('asks, shows progress, then lists what was found masked and when, with Accept and Drop each', async () => {
    const user = userEvent.setup();
    const onFind = vi.fn();
    const onAccept = vi.fn();
    const onRemove = vi.fn();
    const props = { onFind, onAccept, onRemove };
    const { rerender } = render(<SensitiveTextFinder search={{ status: 'idle' }} suggestions={[]} {...props} />);
    await user.click(screen.getByRole('button', { name: 'Find sensitive text' }));
    expect(onFind).toHaveBeenCalledOnce();

    rerender(
      <SensitiveTextFinder
        search={{ status: 'reading', framesRead: 3, framesTotal: 10 }}
        suggestions={[]}
        {...props}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Reading frame 3 of 10…');
    expect((screen.getByRole('button', { name: 'Find sensitive text' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Frames read' })).toBeTruthy();

    rerender(<SensitiveTextFinder search={{ status: 'done' }} suggestions={suggestions} {...props} />);
    const list = screen.getByRole('list', { name: 'Suggested blurs' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toContain('Email address j•••@example.com, 0:01–0:04');
    expect(items[1]).toContain('Card number •••• 4242, 1:02–1:05');
    await user.click(screen.getByRole('button', { name: 'Accept blur over Card number •••• 4242' }));
    expect(onAccept).toHaveBeenCalledWith({ blur: 'card' });
    expect(onRemove).toHaveBeenLastCalledWith('s2');
    await user.click(screen.getByRole('button', { name: 'Drop Email address j•••@example.com' }));
    expect(onAccept).toHaveBeenCalledTimes(1);
    expect(onRemove).toHaveBeenLastCalledWith('s1');
  });

  it('says when nothing was found, and why a search failed', () => {
    const props = { onFind: vi.fn(), onAccept: vi.fn(), onRemove: vi.fn() };
    const { rerender } = render(<SensitiveTextFinder search={{ status: 'done' }} suggestions={[]} {...props} />);
    expect(screen.getByRole('status').textContent).toBe('Nothing sensitive found.');
    rerender(
      <SensitiveTextFinder
        search={{ status: 'failed', message: 'An edit is being applied' }}
        suggestions={[]}
        {...props}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('An edit is being applied');
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareLinkField } from './share-link-field';
import { WhoCanWatch } from './who-can-watch';

afterEach(cleanup);

describe('WhoCanWatch beside the link', () => {
  it('says who can watch, right under the link, and offers the three choices', () => {
    render(
      <ShareLinkField link="https://stream.example/s/abc" copy={vi.fn()}>
        <WhoCanWatch visibility="shared" onChange={vi.fn()} />
      </ShareLinkField>,
    );
    expect(screen.getByTestId('who-can-watch').textContent).toBe('Anyone with the link can watch, signed in or not.');
    const select = screen.getByRole('combobox', { name: 'Who can watch' }) as HTMLSelectElement;
    expect(select.value).toBe('shared');
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Only me',
      'Anyone with the link',
      'Public',
    ]);
    // Right beside the link: in the link's own block, before the hint under it.
    const field = screen.getByRole('textbox', { name: 'Link to your video' });
    expect(field.compareDocumentPosition(select) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('one choice changes it; saving shows and locks the choice; an error is said', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<WhoCanWatch visibility="shared" onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Who can watch' }), 'Only me');
    expect(onChange).toHaveBeenCalledWith('private');
    rerender(<WhoCanWatch visibility="private" onChange={onChange} busy />);
    expect(screen.getByTestId('who-can-watch').textContent).toBe(
      'Saving... Only you can watch it: the link does not work until you share it.',
    );
    expect((screen.getByRole('combobox', { name: 'Who can watch' }) as HTMLSelectElement).disabled).toBe(true);
    rerender(<WhoCanWatch visibility="shared" onChange={onChange} error="Who can watch did not change: offline" />);
    expect(screen.getByRole('alert').textContent).toBe('Who can watch did not change: offline');
  });
});

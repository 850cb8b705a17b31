import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LibraryToolbar } from './library-toolbar';

afterEach(cleanup);

const optionsOf = (name: string) =>
  [...(screen.getByRole('combobox', { name }) as HTMLSelectElement).options].map((option) => option.textContent);

describe('the library toolbar', () => {
  it('offers sort, status and visibility by name, Best match while searching and Team in a team', () => {
    const { rerender } = render(
      <LibraryToolbar
        sort="newest"
        status=""
        visibility=""
        onSort={vi.fn()}
        onStatus={vi.fn()}
        onVisibility={vi.fn()}
      />,
    );
    expect(optionsOf('Sort')).toEqual(['Newest', 'Oldest', 'Title', 'Longest']);
    expect(optionsOf('Status')).toEqual(['Any status', 'Processing', 'Ready', 'Failed']);
    expect(optionsOf('Visibility')).toEqual(['Any visibility', 'Private', 'Shared', 'Public']);
    rerender(
      <LibraryToolbar
        sort="relevance"
        status=""
        visibility="team"
        offerRelevance
        offerTeam
        onSort={vi.fn()}
        onStatus={vi.fn()}
        onVisibility={vi.fn()}
      />,
    );
    expect(optionsOf('Sort')[0]).toBe('Best match');
    expect((screen.getByRole('combobox', { name: 'Visibility' }) as HTMLSelectElement).value).toBe('team');
  });

  it('hands each choice to its callback, typed', async () => {
    const onSort = vi.fn();
    const onStatus = vi.fn();
    render(
      <LibraryToolbar
        sort="newest"
        status=""
        visibility=""
        onSort={onSort}
        onStatus={onStatus}
        onVisibility={vi.fn()}
      />,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Title');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Ready');
    expect(onSort).toHaveBeenCalledWith('title');
    expect(onStatus).toHaveBeenCalledWith('ready');
  });
});

import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LibraryView, type LibraryItem, type LibraryViewProps } from './library-view';

afterEach(cleanup);

const item = (id: string, title: string): LibraryItem => ({
  id,
  url: `/v/${id}`,
  folderId: '',
  card: {
    title,
    description: '',
    thumbnailUrl: '',
    status: 'READY',
    visibility: 'private',
    createdAt: new Date(2026, 0, 2),
  },
});

function renderLibrary(props: Partial<LibraryViewProps<LibraryItem>> = {}) {
  const calls = {
    onMove: vi.fn<LibraryViewProps<LibraryItem>['onMove']>(),
    onDelete: vi.fn<LibraryViewProps<LibraryItem>['onDelete']>(),
    onLoadMore: vi.fn(),
  };
  render(
    <LibraryView
      videos={[item('a', 'Alpha'), item('b', 'Beta'), item('c', 'Gamma')]}
      folderBar={<p>folders</p>}
      toolbar={{
        sort: 'newest',
        status: '',
        visibility: '',
        onSort: vi.fn(),
        onStatus: vi.fn(),
        onVisibility: vi.fn(),
      }}
      emptyMessage="This folder is empty."
      folders={[{ id: 'f1', label: 'Work' }]}
      changing={false}
      onMove={calls.onMove}
      onTag={vi.fn()}
      onVisibility={vi.fn()}
      onDelete={calls.onDelete}
      more={{ hasMore: true, loading: false, onLoadMore: calls.onLoadMore }}
      renderVideoLink={(id, linkProps) => <a href={`/video/${id}`} {...linkProps} />}
      renderTagLink={(tag, linkProps) => <a href={`/videos?tag=${tag}`} {...linkProps} />}
      onEditVideo={vi.fn()}
      onRename={vi.fn()}
      renderShare={(video, close) => (
        <div role="dialog" aria-label="Share">
          {video.card.title}
          <button onClick={close}>Close</button>
        </div>
      )}
      renderDelete={() => null}
      {...props}
    />,
  );
  return calls;
}

describe('LibraryView', () => {
  it('selects a range with shift, and deletes the selection', async () => {
    const user = userEvent.setup();
    const calls = renderLibrary();
    await user.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Gamma' }));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('toolbar', { name: 'Selected videos' });
    expect(within(bar).getByText('3 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete 3 videos' }));
    expect(calls.onDelete).toHaveBeenCalledWith(['a', 'b', 'c'], expect.any(Function));
  });

  it("opens the app's Share dialog with the card's video, and Move to folder from its menu", async () => {
    const calls = renderLibrary();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Beta' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Share' }));
    expect(screen.getByRole('dialog', { name: 'Share' }).textContent).toContain('Beta');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Share' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Gamma' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Move to folder' }));
    const dialog = screen.getByRole('dialog', { name: 'Move Gamma' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox'), 'f1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(calls.onMove).toHaveBeenCalledWith(['c'], 'f1');
  });

  it("shows Load more, the next page's failure with Retry, and the empty view's words", async () => {
    const calls = renderLibrary();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(calls.onLoadMore).toHaveBeenCalledOnce();
    cleanup();
    renderLibrary({ more: { hasMore: true, loading: false, error: 'The server is unavailable', onLoadMore: vi.fn() } });
    expect(screen.getByRole('alert').textContent).toContain('The server is unavailable');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    cleanup();
    renderLibrary({ videos: [] });
    expect(screen.getByText('This folder is empty.')).toBeTruthy();
    expect(screen.getByText('folders')).toBeTruthy();
  });

  it("offers nothing the policy refuses for a team mate's videos, says so, and offers Team only in a team space", async () => {
    const user = userEvent.setup();
    const onVisibility = vi.fn<LibraryViewProps<LibraryItem>['onVisibility']>();
    const theirs = { ...item('b', 'Beta'), mine: false };
    const toolbar = { sort: 'newest', status: '', visibility: '', onSort: vi.fn(), onStatus: vi.fn() } as const;
    renderLibrary({
      videos: [item('a', 'Alpha'), theirs, { ...item('c', 'Gamma'), mine: false }],
      toolbar: { ...toolbar, onVisibility: vi.fn(), offerTeam: true },
      onVisibility,
    });
    const filter = screen.getByRole('combobox', { name: 'Visibility' });
    expect(within(filter).getByRole('option', { name: 'Team' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected videos' });
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Set visibility' }), 'Team');
    expect(onVisibility).toHaveBeenCalledWith(['a'], 'team');

    await user.click(screen.getByRole('checkbox', { name: 'Select Beta' }));
    expect(within(bar).getByRole('status').textContent).toBe(
      "1 of these is not yours: only a video's owner files, tags, shares or deletes it.",
    );
    for (const name of ['Delete', 'Move to folder', 'Add tag'])
      expect(within(bar).queryByRole('button', { name })).toBeNull();
    expect(within(bar).queryByRole('combobox', { name: 'Set visibility' })).toBeNull();
    // Still reached by keyboard: the bar's Clear selection comes back to the full set of actions.
    await user.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    expect(within(bar).getByRole('status').textContent).toMatch(/^This is not yours/);
    within(bar).getByRole('button', { name: 'Clear selection' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('toolbar', { name: 'Selected videos' })).toBeNull();
    cleanup();

    renderLibrary();
    expect(
      within(screen.getByRole('combobox', { name: 'Visibility' })).queryByRole('option', { name: 'Team' }),
    ).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    const personal = screen.getByRole('toolbar', { name: 'Selected videos' });
    expect(within(personal).queryByRole('option', { name: 'Team' })).toBeNull();
    expect(within(personal).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it("offers what the server says the caller may do: a team admin takes a mate's video out, never deletes it", async () => {
    const user = userEvent.setup();
    const renderMoveToTeam = vi.fn<NonNullable<LibraryViewProps<LibraryItem>['renderMoveToTeam']>>(() => <p>moving</p>);
    const outOnly = { edit: false, delete: false, share: false, moveIntoTeam: false, moveOutOfTeam: true };
    const nothing = { ...outOnly, moveOutOfTeam: false };
    renderLibrary({
      videos: [
        { ...item('a', 'Alpha'), mine: false, rights: outOnly },
        { ...item('b', 'Beta'), mine: false, rights: nothing },
        item('c', 'Gamma'),
      ],
      renderMoveToTeam,
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected videos' });
    expect(within(bar).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Move to team' }));
    expect(renderMoveToTeam).toHaveBeenLastCalledWith(['a'], expect.any(Function), { outOnly: true });

    // With a video the caller may not move at all, no Move to team; with only their own, it goes anywhere.
    await user.click(screen.getByRole('checkbox', { name: 'Select Beta' }));
    expect(within(bar).queryByRole('button', { name: 'Move to team' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Beta' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Gamma' }));
    const own = screen.getByRole('toolbar', { name: 'Selected videos' });
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeTruthy();
    await user.click(within(own).getByRole('button', { name: 'Move to team' }));
    expect(renderMoveToTeam).toHaveBeenLastCalledWith(['c'], expect.any(Function), { outOnly: false });
  });
});

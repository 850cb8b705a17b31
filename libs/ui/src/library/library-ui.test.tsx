import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VideoCard } from './video-card';
import { VIDEO_DRAG_TYPE, Highlight, SearchBox, SEARCH_DEBOUNCE_MS } from '../primitives';
import { FolderBar } from './folder-bar';
import { FolderNameDialog } from './folder-name-dialog';
import { SearchSummary } from './search-summary';
import { SelectionBar } from './selection-bar';
import { TagsField } from './tags-field';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchBox', () => {
  it('searches after a pause in typing, at once on Enter, and / focuses it', async () => {
    const user = userEvent.setup();
    const searches: [string, string][] = [];
    render(
      <>
        <button type="button">elsewhere</button>
        <input aria-label="Note" />
        <SearchBox value="" onSearch={(query, how) => searches.push([query, how])} />
      </>,
    );
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box.getAttribute('placeholder')).toBe('Search');
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    await user.keyboard('/');
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toBe('');
    // In a text field, / is a character.
    screen.getByRole('textbox', { name: 'Note' }).focus();
    await user.keyboard('/');
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLInputElement).value).toBe('/');
    box.focus();
    await user.keyboard('rec');
    expect(searches).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));
    expect(searches).toEqual([['rec', 'typing']]);
    await user.keyboard('ording{Enter}');
    expect(searches).toEqual([
      ['rec', 'typing'],
      ['recording', 'submit'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));
    expect(searches).toHaveLength(2);
  });

  it('follows the search on screen when it changes elsewhere', () => {
    const { rerender } = render(<SearchBox value="demo" onSearch={() => undefined} />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('demo');
    rerender(<SearchBox value="" onSearch={() => undefined} />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });
});

describe('Highlight', () => {
  it('marks the words that start with a search word', () => {
    const { container } = render(<Highlight text="Recording of the record, or not" words={['rec', 'no']} />);
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Rec', 'rec', 'no']);
    expect(container.textContent).toBe('Recording of the record, or not');
  });
});

describe('SearchSummary', () => {
  it('counts matches, says when none match, and clears', async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    const { rerender } = render(
      <SearchSummary query="demo" tags={[]} count={234} onClear={onClear} onRemoveTag={() => undefined} />,
    );
    expect(screen.getByRole('status').textContent).toBe('234 videos match “demo”');
    rerender(<SearchSummary query="demo" tags={[]} count={1001} onClear={onClear} onRemoveTag={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('More than 1,000 videos match “demo”');
    rerender(<SearchSummary query="zzz" tags={[]} count={0} onClear={onClear} onRemoveTag={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('No videos match “zzz”.');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onClear).toHaveBeenCalledOnce();
  });
});

describe('FolderBar', () => {
  const link = (id: string, props: { className: string; children: React.ReactNode; 'aria-label'?: string }) => (
    <a href={`/videos?folder=${id}`} {...props} />
  );

  it('shows breadcrumbs, the folders of the level, and takes a dropped card', () => {
    const dropped: [string, string][] = [];
    render(
      <FolderBar
        path={[{ id: 'w', name: 'Work' }]}
        folders={[{ id: 'l', name: 'Launch', videoCount: 2 }]}
        renderFolderLink={link}
        onNewFolder={() => undefined}
        onRename={() => undefined}
        onDelete={() => undefined}
        onDropVideo={(folder, video) => dropped.push([folder, video])}
      />,
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'All videos' }).getAttribute('href')).toBe('/videos?folder=');
    expect(within(crumbs).getByText('Work').getAttribute('aria-current')).toBe('page');
    const folder = screen.getByRole('link', { name: /^Folder Launch/ });
    const data = new Map([[VIDEO_DRAG_TYPE, 'video-1']]);
    const dataTransfer = { types: [...data.keys()], getData: (type: string) => data.get(type) ?? '', dropEffect: '' };
    fireEvent.dragOver(folder.parentElement!, { dataTransfer });
    fireEvent.drop(folder.parentElement!, { dataTransfer });
    expect(dropped).toEqual([['l', 'video-1']]);
  });
});

describe('FolderNameDialog', () => {
  it('creates on Enter and refuses an empty name', async () => {
    const user = userEvent.setup();
    const names: string[] = [];
    render(
      <FolderNameDialog
        title="New folder"
        submitLabel="Create"
        onSubmit={(n) => names.push(n)}
        onCancel={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'New folder' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '   {Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe('Give the folder a name.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Launch{Enter}');
    expect(names).toEqual(['Launch']);
  });
});

describe('SelectionBar', () => {
  it('asks once before deleting, naming the count', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    const onMove = vi.fn();
    render(
      <SelectionBar
        count={3}
        folders={[{ id: 'f', label: 'Work / Launch' }]}
        onMove={onMove}
        onTag={() => undefined}
        onVisibility={() => undefined}
        onDelete={onDelete}
        onClear={() => undefined}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 3 videos?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete 3 videos' }));
    expect(onDelete).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Move to folder' }));
    const move = screen.getByRole('dialog', { name: 'Move 3 videos' });
    await user.selectOptions(within(move).getByRole('combobox', { name: 'Folder' }), 'Work / Launch');
    await user.click(within(move).getByRole('button', { name: 'Move' }));
    expect(onMove).toHaveBeenCalledWith('f');
  });
});

describe('TagsField', () => {
  it('adds on Enter (once per name, any case), offers existing tags and removes', async () => {
    const user = userEvent.setup();
    const added: string[] = [];
    const removed: string[] = [];
    const { container } = render(
      <TagsField
        tags={['Demo']}
        suggestions={['demo', 'Customer']}
        onAdd={(t) => added.push(t)}
        onRemove={(t) => removed.push(t)}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Tags' });
    expect([...container.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'))).toEqual([
      'Customer',
    ]);
    await user.type(input, ' launch {Enter}DEMO{Enter}');
    expect(added).toEqual(['launch']);
    await user.click(screen.getByRole('button', { name: 'Remove tag Demo' }));
    expect(removed).toEqual(['Demo']);
  });
});

describe('VideoCard in the library', () => {
  it('has a checkbox (shift for a range), its tags as links, and marks search words', async () => {
    const user = userEvent.setup();
    const toggles: boolean[] = [];
    render(
      <VideoCard
        title="Weekly recording"
        description="About the record"
        thumbnailUrl=""
        status="READY"
        visibility="private"
        createdAt={new Date(2026, 0, 2)}
        renderLink={(props) => <a href="/video/v" {...props} />}
        highlight={['rec']}
        tags={['demo']}
        renderTagLink={(tag, props) => <a href={`/videos?tag=${tag}`} {...props} />}
        selection={{ selected: false, onToggle: (range) => toggles.push(range) }}
        dragId="v"
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Weekly recording' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Weekly recording' }));
    expect(toggles).toEqual([false, true]);
    const tags = screen.getByRole('list', { name: 'Tags of Weekly recording' });
    expect(within(tags).getByRole('link', { name: 'demo' }).getAttribute('href')).toBe('/videos?tag=demo');
    // Named by its content, where the marks split the title's words ("Weekly rec ording").
    const card = screen.getByRole('link', { name: /^Weekly rec ?ording About/ });
    expect([...card.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['rec', 'rec']);
  });
});

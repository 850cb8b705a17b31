// /videos as an organised library: search, folders, tags, sort and many at once, over
// the fake video service's LibraryService.
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createClient } from '@connectrpc/connect';
import { LibraryService } from '@stream/proto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const at = (day: number) => timestampFromDate(new Date(2026, 0, day, 12));
const grid = () => screen.findByRole('region', { name: 'List of Videos' });
const titles = async () =>
  within(await grid())
    .getAllByRole('link')
    .filter((link) => link.getAttribute('href')?.startsWith('/video/'))
    .map((link) => link.querySelector('h3')?.textContent);

const library = [
  { id: 'a', title: 'Banana recording', description: 'about fruit', createdAt: at(1) },
  { id: 'b', title: 'Apple', description: 'recorded at noon', createdAt: at(2) },
  { id: 'c', title: 'Cherry', createdAt: at(3), tags: ['demo'] },
  { id: 'd', title: 'Date', createdAt: at(4) },
];

describe('/videos search', () => {
  it('searches as the person types, counts and marks matches, and clears', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/videos', { videos: library });
    expect(await titles()).toEqual(['Date', 'Cherry', 'Apple', 'Banana recording']);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'recor');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'recor' }));
    await waitFor(async () => expect(await titles()).toEqual(['Banana recording', 'Apple']));
    expect(screen.getByRole('status').textContent).toBe('2 videos match “recor”');
    const card = within(await grid()).getByRole('link', { name: /^Banana recor ?ding/ });
    expect(card.querySelector('mark')?.textContent).toBe('recor');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing{Enter}');
    expect(await screen.findByText('No videos match “nothing”.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(async () => expect(await titles()).toHaveLength(4));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('Enter from another page goes to /videos?q=, and / focuses the box', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/', { videos: library });
    await screen.findByRole('heading', { level: 1 });
    await user.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search' }));
    await user.keyboard('cherry{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos'));
    expect(router.state.location.search).toEqual({ q: 'cherry' });
    await waitFor(async () => expect(await titles()).toEqual(['Cherry']));
  });
});

describe('/videos folders, tags, sort and selection', () => {
  it('makes a folder, moves a card there from its menu, opens it and comes back by the breadcrumbs', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/videos', { videos: library });
    await grid();
    await user.click(screen.getByRole('button', { name: 'New folder' }));
    // The field has the focus as the dialog opens: typing goes there.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('Launch{Enter}');
    const folder = await screen.findByRole('link', { name: /^Folder Launch/ });
    await user.click(screen.getByRole('button', { name: 'Actions for Apple' }));
    await user.click(screen.getByRole('menuitem', { name: 'Move to folder' }));
    const dialog = screen.getByRole('dialog', { name: 'Move Apple' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Folder' }), 'Launch');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(folder.textContent).toContain('1'));
    await user.click(folder);
    await waitFor(async () => expect(await titles()).toEqual(['Apple']));
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByText('Launch').getAttribute('aria-current')).toBe('page');
    await user.click(within(crumbs).getByRole('link', { name: 'All videos' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(async () => expect(await titles()).toHaveLength(4));
  });

  it('filters by a clicked tag and sorts by title, in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/videos', { videos: library });
    const tags = within(await grid()).getByRole('list', { name: 'Tags of Cherry' });
    await user.click(within(tags).getByRole('link', { name: 'demo' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tag: 'demo' }));
    await waitFor(async () => expect(await titles()).toEqual(['Cherry']));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Title');
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'title' }));
    await waitFor(async () => expect(await titles()).toEqual(['Apple', 'Banana recording', 'Cherry', 'Date']));
  });

  it('selects a range with shift-click, tags them and deletes them after one confirmation', async () => {
    const user = userEvent.setup();
    const { fake } = renderApp('/videos', { videos: library });
    await grid();
    await user.click(screen.getByRole('checkbox', { name: 'Select Date' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Apple' }));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('toolbar', { name: 'Selected videos' });
    expect(within(bar).getByText('3 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Add tag' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Tag' }));
    await user.keyboard('batch{Enter}');
    await waitFor(() => expect(fake.videos.get('b')?.tags).toEqual(['batch']));
    expect(fake.videos.get('c')?.tags).toEqual(['batch', 'demo']);
    expect(fake.videos.get('a')?.tags).toEqual([]);

    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete 3 videos?' })).getByRole('button', { name: 'Delete 3 videos' }),
    );
    await waitFor(async () => expect(await titles()).toEqual(['Banana recording']));
    expect(screen.queryByRole('toolbar', { name: 'Selected videos' })).toBeNull();
  });
});

describe('/video/{id} organising', () => {
  it('adds a tag on Enter with suggestions, removes it, and moves the video to a folder', async () => {
    const user = userEvent.setup();
    const { fake, queryClient } = renderApp('/video/b', { videos: library });
    const field = await screen.findByRole('combobox', { name: 'Tags' });
    const suggested = () =>
      [...(document.getElementById(field.getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map((o) =>
        o.getAttribute('value'),
      );
    await waitFor(() => expect(suggested()).toEqual(['demo']));
    await user.type(field, 'Demo{Enter}');
    await waitFor(() => expect(fake.videos.get('b')?.tags).toEqual(['demo']));
    await user.click(await screen.findByRole('button', { name: 'Remove tag demo' }));
    await waitFor(() => expect(fake.videos.get('b')?.tags).toEqual([]));

    // A folder made elsewhere (another tab), seen once the page asks again.
    const folder = await createClient(LibraryService, fake.transport).createFolder({ name: 'Archive' });
    await queryClient.invalidateQueries();
    await user.click(screen.getByRole('button', { name: 'Move to folder' }));
    const dialog = screen.getByRole('dialog', { name: 'Move Apple' });
    await waitFor(() => within(dialog).getByRole('option', { name: 'Archive' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Folder' }), 'Archive');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(fake.videos.get('b')?.folderId).toBe(folder.id));
    expect(await screen.findByText('Archive', { selector: 'strong' })).toBeTruthy();
  });
});

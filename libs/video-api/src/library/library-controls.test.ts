import { describe, expect, it } from 'vitest';
import { libraryControlsOf, type ShowLibrary } from './library-controls';
import type { LibrarySearch } from './library-search';

/** The controls of `search`, and the search each choice leads to. */
function controls(search: LibrarySearch) {
  const shown: LibrarySearch[] = [];
  const show: ShowLibrary = (change) => shown.push(change(search));
  return { ...libraryControlsOf(search, show), shown };
}

describe('libraryControlsOf', () => {
  it('sorts a search by relevance, the plain list by newest, and offers Team visibility in a team space alone', () => {
    expect(controls({ q: 'demo' }).toolbar).toMatchObject({
      sort: 'relevance',
      offerRelevance: true,
      offerTeam: false,
    });
    expect(controls({ space: 't1' }).toolbar).toMatchObject({
      sort: 'newest',
      offerRelevance: false,
      offerTeam: true,
      status: '',
      visibility: '',
    });
    expect(controls({ sort: 'title', status: 'ready' }).toolbar).toMatchObject({ sort: 'title', status: 'ready' });
  });

  it('keeps the rest of the view on each choice; relevance and "any" leave the URL', () => {
    const view = controls({ q: 'demo', sort: 'oldest', folder: 'f1', space: 't1' });
    view.toolbar.onSort('relevance');
    view.toolbar.onSort('title');
    view.toolbar.onStatus('failed');
    view.toolbar.onVisibility('');
    expect(view.shown).toEqual([
      { q: 'demo', folder: 'f1', space: 't1', sort: undefined },
      { q: 'demo', folder: 'f1', space: 't1', sort: 'title' },
      { q: 'demo', folder: 'f1', space: 't1', sort: 'oldest', status: 'failed' },
      { q: 'demo', folder: 'f1', space: 't1', sort: 'oldest', visibility: undefined },
    ]);
  });

  it('clears the search and its tags, or one tag of several', () => {
    const view = controls({ q: 'demo', tag: ['a', 'b', 'c'], sort: 'title' });
    view.onClearSearch();
    view.onRemoveTag('b');
    expect(view.shown).toEqual([
      { sort: 'title', q: undefined, tag: undefined },
      { q: 'demo', sort: 'title', tag: ['a', 'c'] },
    ]);
    const one = controls({ tag: ['a', 'b'] });
    one.onRemoveTag('a');
    expect(one.shown).toEqual([{ tag: 'b' }]);
  });

  it('says an empty folder is empty, and an empty filtered list that nothing matches', () => {
    expect(controls({ folder: 'f1' }).emptyMessage).toBe('This folder is empty.');
    expect(controls({ status: 'failed' }).emptyMessage).toBe('No videos match.');
  });

  it("says a team's empty library is empty, not that nothing matches", () => {
    expect(controls({ space: 't1' }).emptyMessage).toMatch(/^No videos in this team yet\./);
    expect(controls({ space: 't1', q: 'x' }).emptyMessage).toBe('No videos match.');
    expect(controls({ space: 't1', visibility: 'private' }).emptyMessage).toBe('No videos match.');
  });
});

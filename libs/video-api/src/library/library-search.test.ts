import { VideoSort, Visibility } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { toLibraryFilter } from './library-filter';
import { tagsOf, validateLibrarySearch } from './library-search';

describe('the library URL', () => {
  it('keeps what it knows and drops the rest', () => {
    expect(validateLibrarySearch({ q: ' demo ', sort: 'title', status: 'bogus', visibility: 'public', x: 1 })).toEqual({
      q: 'demo',
      sort: 'title',
      visibility: 'public',
    });
    expect(validateLibrarySearch({ q: '', folder: '', tag: ['', ' '] })).toEqual({});
  });

  it('takes one tag or several', () => {
    expect(tagsOf(validateLibrarySearch({ tag: 'demo' }))).toEqual(['demo']);
    expect(tagsOf(validateLibrarySearch({ tag: ['demo', 'launch'] }))).toEqual(['demo', 'launch']);
  });

  it('asks only the spec’s paging for the plain list, and every field of a view', () => {
    expect(toLibraryFilter({})).toEqual({});
    expect(toLibraryFilter({ q: 'recor', folder: 'f', tag: ['a', 'b'], sort: 'title', visibility: 'shared' })).toEqual({
      query: 'recor',
      folderId: 'f',
      tags: ['a', 'b'],
      sort: VideoSort.TITLE,
      visibility: Visibility.SHARED,
    });
  });

  it('lists a team’s library when a team is the active space', () => {
    expect(validateLibrarySearch({ space: ' team-1 ', q: 'sync' })).toEqual({ space: 'team-1', q: 'sync' });
    expect(validateLibrarySearch({ space: '' })).toEqual({});
    expect(toLibraryFilter({ space: 'team-1', q: 'sync' })).toEqual({ teamId: 'team-1', query: 'sync' });
    // The Team visibility filter of a team space.
    const team = validateLibrarySearch({ space: 'team-1', visibility: 'team' });
    expect(toLibraryFilter(team)).toEqual({ teamId: 'team-1', visibility: Visibility.TEAM });
  });
});

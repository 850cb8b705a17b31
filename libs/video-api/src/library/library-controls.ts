import { tagParam, tagsOf, type LibrarySearch } from './library-search';

// A team space lists through the library's filter, so its empty list is not a filtered one:
// a new team's library said "No videos match." as if something had been filtered out.
const EMPTY_TEAM = 'No videos in this team yet. Record one here, or bring one in with “Move to team”.';
const narrowed = (search: LibrarySearch) =>
  Boolean(search.q || search.status || search.visibility || tagsOf(search).length > 0);

/** Moves /videos to another view: `change` maps the URL's search to the next one. */
export type ShowLibrary = (change: (current: LibrarySearch) => LibrarySearch) => void;

type Sort = NonNullable<LibrarySearch['sort']> | 'relevance';

/**
 * What /videos' toolbar, search summary and empty list say for `search`, and where each choice
 * goes: a search sorts by relevance unless asked otherwise, Team visibility only in a team space.
 */
export function libraryControlsOf(search: LibrarySearch, show: ShowLibrary) {
  return {
    toolbar: {
      sort: (search.sort ?? (search.q ? 'relevance' : 'newest')) as Sort,
      offerRelevance: Boolean(search.q),
      offerTeam: Boolean(search.space),
      status: search.status ?? ('' as const),
      visibility: search.visibility ?? ('' as const),
      onSort: (sort: Sort) => show((s) => ({ ...s, sort: sort === 'relevance' ? undefined : sort })),
      onStatus: (status: LibrarySearch['status'] | '') => show((s) => ({ ...s, status: status || undefined })),
      onVisibility: (visibility: LibrarySearch['visibility'] | '') =>
        show((s) => ({ ...s, visibility: visibility || undefined })),
    },
    onClearSearch: () => show((s) => ({ ...s, q: undefined, tag: undefined })),
    onRemoveTag: (tag: string) => show((s) => ({ ...s, tag: tagParam(tagsOf(s).filter((t) => t !== tag)) })),
    emptyMessage: search.folder ? 'This folder is empty.' : narrowed(search) ? 'No videos match.' : EMPTY_TEAM,
  };
}

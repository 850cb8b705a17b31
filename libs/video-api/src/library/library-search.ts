// No proto import here: a route's search schema is read on every navigation (the first page's
// bundle); library-filter.ts maps it to the contract in the route's own chunk.

/**
 * What /videos shows, as its URL says: `?q=` a search, `?folder=` an open folder,
 * `?tag=` one tag or several (all of them), `?sort=`, `?status=`, `?visibility=`, `?space=` a team. A reload or a
 * shared URL shows the same view.
 */
export interface LibrarySearch {
  /** The active space: a team's id; absent, the personal library. */
  space?: string;
  q?: string;
  folder?: string;
  tag?: string | string[];
  sort?: (typeof sorts)[number];
  status?: (typeof statuses)[number];
  visibility?: (typeof visibilities)[number];
}

const sorts = ['newest', 'oldest', 'title', 'longest'] as const;
const statuses = ['processing', 'ready', 'failed'] as const;
const visibilities = ['private', 'shared', 'public', 'team'] as const;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((known) => known === text(value));

/** The URL's search, with anything unknown or empty left out (a mangled link shows the plain list). */
export function validateLibrarySearch(raw: Record<string, unknown>): LibrarySearch {
  const tags = (Array.isArray(raw.tag) ? raw.tag : [raw.tag]).map(text).filter(Boolean);
  const search: LibrarySearch = {
    space: text(raw.space) || undefined,
    q: text(raw.q) || undefined,
    folder: text(raw.folder) || undefined,
    tag: tags.length > 1 ? tags : tags[0],
    sort: oneOf(sorts, raw.sort),
    status: oneOf(statuses, raw.status),
    visibility: oneOf(visibilities, raw.visibility),
  };
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as LibrarySearch;
}

export function tagsOf(search: LibrarySearch): string[] {
  return search.tag === undefined ? [] : Array.isArray(search.tag) ? search.tag : [search.tag];
}

/** `tag` as the URL holds it: one name, or a list of several. */
export const tagParam = (tags: string[]): string | string[] | undefined =>
  tags.length === 0 ? undefined : tags.length === 1 ? tags[0] : tags;

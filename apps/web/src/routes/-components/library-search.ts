import { Status, VideoSort, Visibility } from '@stream/proto';
import type { SortChoice, StatusChoice, VisibilityChoice } from '@stream/ui';
import type { LibraryFilter } from '@stream/video-api';

/**
 * What /videos shows, as its URL says (issue 14): `?q=` a search, `?folder=` an open folder,
 * `?tag=` one tag or several (all of them), `?sort=`, `?status=`, `?visibility=`. A reload or a
 * shared URL shows the same view.
 */
export interface LibrarySearch {
  q?: string;
  folder?: string;
  tag?: string | string[];
  sort?: Exclude<SortChoice, 'relevance'>;
  status?: Exclude<StatusChoice, ''>;
  visibility?: Exclude<VisibilityChoice, ''>;
}

const sorts = ['newest', 'oldest', 'title', 'longest'] as const;
const statuses = ['processing', 'ready', 'failed'] as const;
const visibilities = ['private', 'shared', 'public'] as const;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((known) => known === text(value));

/** The URL's search, with anything unknown or empty left out (a mangled link shows the plain list). */
export function validateLibrarySearch(raw: Record<string, unknown>): LibrarySearch {
  const tags = (Array.isArray(raw.tag) ? raw.tag : [raw.tag]).map(text).filter(Boolean);
  const search: LibrarySearch = {
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

const sortToProto = {
  newest: VideoSort.NEWEST,
  oldest: VideoSort.OLDEST,
  title: VideoSort.TITLE,
  longest: VideoSort.LONGEST,
} as const;
const statusToProto = { processing: Status.PROCESSING, ready: Status.READY, failed: Status.FAILED } as const;
const visibilityToProto = {
  private: Visibility.PRIVATE,
  shared: Visibility.SHARED,
  public: Visibility.PUBLIC,
} as const;

/** The ListVideos fields of a view; the plain /videos asks only the spec's page 0 of size 10. */
export function toLibraryFilter(search: LibrarySearch): LibraryFilter {
  const filter: LibraryFilter = {};
  if (search.q) filter.query = search.q;
  if (search.folder) filter.folderId = search.folder;
  const tags = tagsOf(search);
  if (tags.length) filter.tags = tags;
  if (search.sort) filter.sort = sortToProto[search.sort];
  if (search.status) filter.status = statusToProto[search.status];
  if (search.visibility) filter.visibility = visibilityToProto[search.visibility];
  return filter;
}

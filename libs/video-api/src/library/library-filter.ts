import { Status, VideoSort, Visibility } from '@stream/proto';
import type { LibraryFilter } from '../library/queries';
import { tagsOf, type LibrarySearch } from './library-search';

// Apart from library-search.ts: these maps bring the generated contract and protobuf's runtime along.
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
  team: Visibility.TEAM,
} as const;

/** The ListVideos fields of a view; the plain /videos asks only the spec's page 0 of size 10. */
export function toLibraryFilter(search: LibrarySearch): LibraryFilter {
  const filter: LibraryFilter = {};
  if (search.space) filter.teamId = search.space;
  if (search.q) filter.query = search.q;
  if (search.folder) filter.folderId = search.folder;
  const tags = tagsOf(search);
  if (tags.length) filter.tags = tags;
  if (search.sort) filter.sort = sortToProto[search.sort];
  if (search.status) filter.status = statusToProto[search.status];
  if (search.visibility) filter.visibility = visibilityToProto[search.visibility];
  return filter;
}

import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Transport } from '@connectrpc/connect';
import { LibraryService, type ListVideosRequestSchema } from '@stream/proto';
import { everyCallKey, unaryQuery } from '../query/unary-query';
import { DEFAULT_PAGE_SIZE, listVideosQuery } from '../videos/queries';

/** What a library view asks of ListVideos beyond paging; empty: the spec's plain list. */
export type LibraryFilter = Omit<
  MessageInitShape<typeof ListVideosRequestSchema>,
  'pageSize' | 'pageNumber' | '$typeName'
>;

/** Whether `filter` asks anything beyond the spec's paging (the server then also counts the matches). */
export function isFiltered(filter: LibraryFilter): boolean {
  return Object.values(filter).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '' && value !== 0,
  );
}

/**
 * The caller's videos that pass `filter`, page by page. With an empty filter the request is the
 * spec's (page 0, size 10) and shares its cache with `listVideosQuery`.
 */
export const libraryVideosQuery = (transport: Transport, filter: LibraryFilter, pageSize: number = DEFAULT_PAGE_SIZE) =>
  listVideosQuery(transport, pageSize, filter);

/** The folders of one level (`parentId` '' the root) and the path to it; `teamId` a team's. */
export function listFoldersQuery(transport: Transport, parentId: string, teamId = '') {
  return unaryQuery(LibraryService.method.listFolders, { parentId, teamId }, transport);
}

/** Every folder of the caller, or of team `teamId` (for a folder picker). */
export function allFoldersQuery(transport: Transport, teamId = '') {
  return unaryQuery(LibraryService.method.listFolders, { all: true, teamId }, transport);
}

/** The caller's tags with their counts (suggestions, filters); `teamId` those of a team's videos. */
export function listTagsQuery(transport: Transport, teamId = '') {
  return unaryQuery(LibraryService.method.listTags, { teamId }, transport);
}

/** Key prefix of every cached ListFolders of this transport (any level, any team, or all). */
export const listFoldersKey = (transport: Transport) => everyCallKey(LibraryService.method.listFolders, transport);

/** Key prefix of every cached ListTags of this transport (the caller's and each team's). */
export const listTagsKey = (transport: Transport) => everyCallKey(LibraryService.method.listTags, transport);

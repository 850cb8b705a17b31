import { Code, ConnectError } from '@connectrpc/connect';
import { Status, VideoSort, type ListVideosRequest } from '@stream/proto';
import {
  MAX_BULK_VIDEOS,
  MAX_FOLDER_NAME_LENGTH,
  MAX_QUERY_LENGTH,
  MAX_TAG_NAME_LENGTH,
  MAX_TAGS_PER_CALL,
  type LibraryFilter,
  type VideoSortOrder,
} from './library';
import type { VideoStatus, VideoVisibility } from '../videos';
import { visibilityFromProto } from '../videos';
import { optionalTeamId } from '../teams';
import { videoId } from '../videos';

const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

const hasNul = (value: string) => value.includes('\0');

/** A folder's id; '' (the root) only where `allowRoot`. */
export function folderId(field: string, value: string, allowRoot: boolean): string {
  const id = value.trim();
  if (hasNul(id)) throw invalid(`${field} must not contain NUL characters`);
  if (!id && !allowRoot) throw invalid(`${field} is required`);
  if (id.length > 128) throw invalid(`${field} is too long`);
  return id;
}

export function folderName(value: string): string {
  const name = value.trim();
  if (hasNul(name)) throw invalid('name must not contain NUL characters');
  if (!name) throw invalid('name is required');
  if (name.length > MAX_FOLDER_NAME_LENGTH) throw invalid(`name must be at most ${MAX_FOLDER_NAME_LENGTH} characters`);
  return name;
}

export function tagId(value: string): string {
  const id = value.trim();
  if (!id || hasNul(id) || id.length > 128) throw invalid('tag_id must be a tag id');
  return id;
}

/** Tag names: trimmed, inner blanks as one space, each 1 to 50 characters, no duplicates (any case). */
export function tagNames(field: string, values: string[]): string[] {
  if (values.length > MAX_TAGS_PER_CALL) throw invalid(`${field} may name at most ${MAX_TAGS_PER_CALL} tags`);
  const names = new Map<string, string>();
  for (const value of values) {
    const name = value.trim().replace(/\s+/g, ' ');
    if (hasNul(name)) throw invalid(`${field} must not contain NUL characters`);
    if (!name) throw invalid(`${field} must not contain an empty tag`);
    if (name.length > MAX_TAG_NAME_LENGTH) throw invalid(`a tag must be at most ${MAX_TAG_NAME_LENGTH} characters`);
    if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

/** 1 to 100 video ids, each once. */
export function videoIds(values: string[]): string[] {
  if (values.length === 0) throw invalid('video_ids must name at least one video');
  if (values.length > MAX_BULK_VIDEOS) throw invalid(`video_ids may name at most ${MAX_BULK_VIDEOS} videos`);
  return [...new Set(values.map(videoId))];
}

const sortOrders: Record<number, VideoSortOrder | undefined> = {
  [VideoSort.UNSPECIFIED]: 'relevance',
  [VideoSort.NEWEST]: 'newest',
  [VideoSort.OLDEST]: 'oldest',
  [VideoSort.TITLE]: 'title',
  [VideoSort.LONGEST]: 'longest',
};

const statuses: Record<number, VideoStatus | undefined> = {
  [Status.UNSPECIFIED]: 'UNSPECIFIED',
  [Status.PROCESSING]: 'PROCESSING',
  [Status.READY]: 'READY',
  [Status.FAILED]: 'FAILED',
};

export function optionalVisibility(value: number | undefined): VideoVisibility | undefined {
  if (value === undefined) return undefined;
  const known = visibilityFromProto[value];
  if (!known) throw invalid(`visibility ${value} is not a known Visibility`);
  return known;
}

/**
 * The library part of a ListVideos request, or undefined when it has none (a request with only
 * the spec's paging is answered as the spec says).
 */
export function libraryFilter(request: ListVideosRequest): LibraryFilter | undefined {
  const used =
    request.query !== '' ||
    request.folderId !== undefined ||
    request.tags.length > 0 ||
    request.sort !== VideoSort.UNSPECIFIED ||
    request.status !== undefined ||
    request.visibility !== undefined ||
    (request.teamId ?? '') !== '';
  if (!used) return undefined;
  if (hasNul(request.query)) throw invalid('query must not contain NUL characters');
  if (request.query.length > MAX_QUERY_LENGTH) throw invalid(`query must be at most ${MAX_QUERY_LENGTH} characters`);
  const sort = sortOrders[request.sort];
  if (!sort) throw invalid(`sort ${request.sort} is not a known VideoSort`);
  let status: VideoStatus | undefined;
  if (request.status !== undefined) {
    status = statuses[request.status];
    if (!status) throw invalid(`status ${request.status} is not a known Status`);
  }
  return {
    query: request.query,
    folderId: request.folderId === undefined ? undefined : folderId('folder_id', request.folderId, true),
    tags: tagNames('tags', request.tags),
    sort,
    status,
    visibility: optionalVisibility(request.visibility),
    teamId: optionalTeamId(request.teamId ?? ''),
  };
}

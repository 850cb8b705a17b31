import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from '@connectrpc/connect';
import {
  FolderSchema,
  type LibraryService,
  type ListVideosRequest,
  TagSchema,
  Status,
  type Video,
  type VideoSchema,
  VideoSort,
  Visibility,
} from '@stream/proto';
import { invalid, validId } from './fake-validation';

/** Folders and tags of the fake video service, with the real server's rules. */
export interface FakeLibraryState {
  folders: Map<string, { id: string; name: string; parentId: string; userId: string }>;
}

// The server's limits of the library (apps/api/src/library/library.ts).
const MAX_BULK_VIDEOS = 100;
const MAX_TAG_NAME_LENGTH = 50;
const MAX_TAGS_PER_CALL = 20;
const MAX_QUERY_LENGTH = 200;

const known = (values: object, value: number | undefined) =>
  value === undefined || typeof (values as Record<number, unknown>)[value] === 'string';

/** Tag names as the server reads them: trimmed, inner blanks as one space, 1 to 50 characters, at most 20. */
export function validTagNames(field: string, values: string[]): string[] {
  if (values.length > MAX_TAGS_PER_CALL) throw invalid(`${field} may name at most ${MAX_TAGS_PER_CALL} tags`);
  return values.map((value) => {
    const name = value.trim().replace(/\s+/g, ' ');
    if (!name || name.includes('\0')) throw invalid(`${field} must not contain an empty tag`);
    if (name.length > MAX_TAG_NAME_LENGTH) throw invalid(`a tag must be at most ${MAX_TAG_NAME_LENGTH} characters`);
    return name;
  });
}

/** The server's checks of ListVideos' library fields (query, sort, status, visibility, tags). */
export function validLibraryFilter(req: ListVideosRequest): void {
  if (req.query.includes('\0')) throw invalid('query must not contain NUL characters');
  if (req.query.length > MAX_QUERY_LENGTH) throw invalid(`query must be at most ${MAX_QUERY_LENGTH} characters`);
  if (!known(VideoSort, req.sort)) throw invalid(`sort ${req.sort} is not a known VideoSort`);
  if (!known(Status, req.status)) throw invalid(`status ${req.status} is not a known Status`);
  if (!known(Visibility, req.visibility)) throw invalid(`visibility ${req.visibility} is not a known Visibility`);
  if (req.folderId !== undefined && req.folderId.trim().length > 128) throw invalid('folder_id is too long');
  validTagNames('tags', req.tags);
}

/** Whether a ListVideos request asks anything beyond the spec's paging. */
export function usesLibrary(req: ListVideosRequest): boolean {
  return (
    req.query !== '' ||
    req.folderId !== undefined ||
    req.tags.length > 0 ||
    req.sort !== VideoSort.UNSPECIFIED ||
    req.status !== undefined ||
    req.visibility !== undefined
  );
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The real server's filters and orders, over the caller's videos (already newest first). */
export function filterVideos(mine: Video[], req: ListVideosRequest): Video[] {
  const wanted = words(req.query);
  const tags = req.tags.map((tag) => tag.toLowerCase());
  const score = (video: Video) => {
    const title = words(video.title);
    const all = [...title, ...words(video.description)];
    if (!wanted.every((word) => all.some((w) => w.startsWith(word)))) return -1;
    return wanted.filter((word) => title.some((w) => w.startsWith(word))).length;
  };
  const found = mine.filter(
    (video) =>
      score(video) >= 0 &&
      (req.folderId === undefined || video.folderId === req.folderId) &&
      tags.every((tag) => video.tags.some((t) => t.toLowerCase() === tag)) &&
      (req.status === undefined || video.status === req.status) &&
      (req.visibility === undefined || video.visibility === req.visibility),
  );
  const at = (video: Video) => (video.createdAt ? timestampMs(video.createdAt) : 0);
  switch (req.sort) {
    case VideoSort.OLDEST:
      return found.reverse();
    case VideoSort.TITLE:
      return found.sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()));
    case VideoSort.LONGEST:
      return found.sort((a, b) => b.durationSeconds - a.durationSeconds);
    case VideoSort.NEWEST:
      return found;
    default:
      return wanted.length ? found.sort((a, b) => score(b) - score(a) || at(b) - at(a)) : found;
  }
}

/**
 * The LibraryService of the fake: folders (nest, no cycles, delete sends videos to the root),
 * tags (one per name whatever the case) and changes to many videos, all the caller's own.
 */
export function fakeLibraryService(deps: {
  state: FakeLibraryState;
  videos: Map<string, Video>;
  signedIn: (context: HandlerContext) => string;
  update: (id: string, patch: MessageInitShape<typeof VideoSchema>) => Video;
  remove: (id: string) => void;
  newId: () => string;
}): ServiceImpl<typeof LibraryService> {
  const { state, videos } = deps;
  const notFound = (what: string) => new ConnectError(`${what} not found`, Code.NotFound);
  const folderOf = (context: HandlerContext, id: string) => {
    const uid = deps.signedIn(context);
    const folder = state.folders.get(id);
    if (!folder || folder.userId !== uid) throw notFound(`folder ${id}`);
    return folder;
  };
  const message = (folder: { id: string; name: string; parentId: string }) =>
    create(FolderSchema, {
      id: folder.id,
      name: folder.name,
      parentId: folder.parentId,
      videoCount: [...videos.values()].filter((video) => video.folderId === folder.id).length,
    });
  const name = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) throw invalid('name is required');
    if (trimmed.length > 100) throw invalid('name must be at most 100 characters');
    return trimmed;
  };
  const byName = (a: { name: string }, b: { name: string }) => a.name.toLowerCase().localeCompare(b.name.toLowerCase());
  const ownedVideos = (context: HandlerContext, ids: string[]) => {
    const uid = deps.signedIn(context);
    if (ids.length === 0) throw invalid('video_ids must name at least one video');
    if (ids.length > MAX_BULK_VIDEOS) throw invalid(`video_ids may name at most ${MAX_BULK_VIDEOS} videos`);
    const unique = [...new Set(ids.map((id) => validId('video_id', id)))];
    for (const id of unique) if (videos.get(id)?.userId !== uid) throw notFound(`video ${id}`);
    return unique;
  };
  /** The caller's tags, or those on team `teamId`'s videos, whoever tagged them. */
  const allTags = (context: HandlerContext, teamId = '') => {
    const uid = deps.signedIn(context);
    const names = new Map<string, { name: string; count: number }>();
    for (const video of videos.values()) {
      if (teamId ? video.teamId !== teamId : video.userId !== uid) continue;
      for (const tag of video.tags) {
        const entry = names.get(tag.toLowerCase()) ?? { name: tag, count: 0 };
        entry.count += 1;
        names.set(tag.toLowerCase(), entry);
      }
    }
    return [...names.values()].sort(byName);
  };
  const pathTo = (id: string) => {
    const path = [];
    for (let folder = state.folders.get(id); folder; folder = state.folders.get(folder.parentId)) path.unshift(folder);
    return path;
  };

  return {
    listFolders(req, context) {
      const uid = deps.signedIn(context);
      const mine = [...state.folders.values()].filter((folder) => folder.userId === uid).sort(byName);
      if (req.all) return { folders: mine.map(message) };
      if (req.parentId) folderOf(context, req.parentId);
      return {
        folders: mine.filter((folder) => folder.parentId === req.parentId).map(message),
        path: req.parentId ? pathTo(req.parentId).map(message) : [],
      };
    },
    createFolder(req, context) {
      const uid = deps.signedIn(context);
      const folder = { id: deps.newId(), name: name(req.name), parentId: req.parentId, userId: uid };
      if (req.parentId) folderOf(context, req.parentId);
      state.folders.set(folder.id, folder);
      return message(folder);
    },
    renameFolder(req, context) {
      const folder = folderOf(context, req.folderId);
      folder.name = name(req.name);
      return message(folder);
    },
    moveFolder(req, context) {
      const folder = folderOf(context, req.folderId);
      if (req.parentId) {
        folderOf(context, req.parentId);
        if (pathTo(req.parentId).some((f) => f.id === folder.id)) throw invalid('A folder cannot move into itself');
      }
      folder.parentId = req.parentId;
      return message(folder);
    },
    deleteFolder(req, context) {
      folderOf(context, req.folderId);
      const gone = [...state.folders.values()].filter((f) => pathTo(f.id).some((p) => p.id === req.folderId));
      for (const folder of gone) state.folders.delete(folder.id);
      for (const video of videos.values()) {
        if (gone.some((folder) => folder.id === video.folderId)) deps.update(video.id, { folderId: '' });
      }
      return {};
    },
    listTags(req, context) {
      return {
        tags: allTags(context, req.teamId).map((tag) =>
          create(TagSchema, { id: tag.name, name: tag.name, videoCount: tag.count }),
        ),
      };
    },
    deleteTag(req, context) {
      const tag = allTags(context).find((t) => t.name === req.tagId);
      if (!tag) throw notFound(`tag ${req.tagId}`);
      for (const video of videos.values()) {
        if (video.userId === deps.signedIn(context)) {
          deps.update(video.id, { tags: video.tags.filter((t) => t.toLowerCase() !== tag.name.toLowerCase()) });
        }
      }
      return {};
    },
    updateVideos(req, context) {
      const ids = ownedVideos(context, req.videoIds);
      if (req.folderId) folderOf(context, req.folderId);
      validTagNames('add_tags', req.addTags);
      validTagNames('remove_tags', req.removeTags);
      const existing = allTags(context);
      const spelled = (tag: string) => existing.find((t) => t.name.toLowerCase() === tag.trim().toLowerCase())?.name;
      const removed = req.removeTags.map((tag) => tag.trim().toLowerCase());
      return {
        videos: ids.map((id) => {
          const video = videos.get(id)!;
          const tags = new Map(video.tags.map((tag) => [tag.toLowerCase(), tag]));
          for (const tag of req.addTags) tags.set(tag.trim().toLowerCase(), spelled(tag) ?? tag.trim());
          for (const tag of removed) tags.delete(tag);
          return deps.update(id, {
            tags: [...tags.values()].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
            ...(req.folderId !== undefined ? { folderId: req.folderId } : {}),
            ...(req.visibility !== undefined ? { visibility: req.visibility } : {}),
          });
        }),
      };
    },
    deleteVideos(req, context) {
      const ids = ownedVideos(context, req.videoIds);
      for (const id of ids) deps.remove(id);
      return { deletedCount: ids.length };
    },
  };
}

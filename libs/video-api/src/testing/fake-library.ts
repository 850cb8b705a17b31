import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import {
  FolderSchema,
  type LibraryService,
  type ListVideosRequest,
  TagSchema,
  type Video,
  type VideoSchema,
  VideoSort,
} from '@stream/proto';

/** Folders and tags of the fake video service, with the real server's rules (issue 14). */
export interface FakeLibraryState {
  folders: Map<string, { id: string; name: string; parentId: string; userId: string }>;
}

const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

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
  signedIn: () => string;
  update: (id: string, patch: MessageInitShape<typeof VideoSchema>) => Video;
  remove: (id: string) => void;
  newId: () => string;
}): ServiceImpl<typeof LibraryService> {
  const { state, videos } = deps;
  const notFound = (what: string) => new ConnectError(`${what} not found`, Code.NotFound);
  const folderOf = (id: string) => {
    const uid = deps.signedIn();
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
  const ownedVideos = (ids: string[]) => {
    const uid = deps.signedIn();
    if (ids.length === 0) throw invalid('video_ids must name at least one video');
    for (const id of ids) if (videos.get(id)?.userId !== uid) throw notFound(`video ${id}`);
    return [...new Set(ids)];
  };
  const allTags = () => {
    const uid = deps.signedIn();
    const names = new Map<string, { name: string; count: number }>();
    for (const video of videos.values()) {
      if (video.userId !== uid) continue;
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
    listFolders(req) {
      const uid = deps.signedIn();
      const mine = [...state.folders.values()].filter((folder) => folder.userId === uid).sort(byName);
      if (req.all) return { folders: mine.map(message) };
      if (req.parentId) folderOf(req.parentId);
      return {
        folders: mine.filter((folder) => folder.parentId === req.parentId).map(message),
        path: req.parentId ? pathTo(req.parentId).map(message) : [],
      };
    },
    createFolder(req) {
      const uid = deps.signedIn();
      const folder = { id: deps.newId(), name: name(req.name), parentId: req.parentId, userId: uid };
      if (req.parentId) folderOf(req.parentId);
      state.folders.set(folder.id, folder);
      return message(folder);
    },
    renameFolder(req) {
      const folder = folderOf(req.folderId);
      folder.name = name(req.name);
      return message(folder);
    },
    moveFolder(req) {
      const folder = folderOf(req.folderId);
      if (req.parentId) {
        folderOf(req.parentId);
        if (pathTo(req.parentId).some((f) => f.id === folder.id)) throw invalid('A folder cannot move into itself');
      }
      folder.parentId = req.parentId;
      return message(folder);
    },
    deleteFolder(req) {
      folderOf(req.folderId);
      const gone = [...state.folders.values()].filter((f) => pathTo(f.id).some((p) => p.id === req.folderId));
      for (const folder of gone) state.folders.delete(folder.id);
      for (const video of videos.values()) {
        if (gone.some((folder) => folder.id === video.folderId)) deps.update(video.id, { folderId: '' });
      }
      return {};
    },
    listTags() {
      return {
        tags: allTags().map((tag) => create(TagSchema, { id: tag.name, name: tag.name, videoCount: tag.count })),
      };
    },
    deleteTag(req) {
      const tag = allTags().find((t) => t.name === req.tagId);
      if (!tag) throw notFound(`tag ${req.tagId}`);
      for (const video of videos.values()) {
        if (video.userId === deps.signedIn()) {
          deps.update(video.id, { tags: video.tags.filter((t) => t.toLowerCase() !== tag.name.toLowerCase()) });
        }
      }
      return {};
    },
    updateVideos(req) {
      const ids = ownedVideos(req.videoIds);
      if (req.folderId) folderOf(req.folderId);
      if ([...req.addTags, ...req.removeTags].some((tag) => !tag.trim())) throw invalid('a tag must not be empty');
      const existing = allTags();
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
    deleteVideos(req) {
      const ids = ownedVideos(req.videoIds);
      for (const id of ids) deps.remove(id);
      return { deletedCount: ids.length };
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '../auth/user';
import * as folders from '../db/folder.repository';
import * as libraryVideos from '../db/library-video.repository';
import * as tags from '../db/tag.repository';
import { firstMatchingLines } from '../db/transcript.repository';
import type { Database } from '../db/video.table';
import type { Folder, LibraryFilter, Tag, VideosChange } from './library';
import { prefixTsquery } from './search-query';
import { VideoError } from './video';
import { toVideo, type StoredVideo } from './video.mapper';
import type { VideoService } from './video.service';

export interface LibraryServiceDeps {
  db: Kysely<Database>;
  videos: VideoService;
}

const folderNotFound = (id: string) => new VideoError('not_found', `No folder ${id}`);

const toFolder = (row: folders.FolderRow): Folder => ({
  id: row.id,
  name: row.name,
  parentId: row.parent_id ?? '',
  videoCount: Number(row.video_count),
  createdAt: row.created_at,
});

/**
 * The organised library (issue 14): search, filters and sorting of a user's videos, folders, tags
 * and changes to many videos at once. Everything is the caller's own: another user's folder, tag
 * or video is not_found, and a call naming one changes nothing.
 */
export class LibraryService {
  constructor(private readonly deps: LibraryServiceDeps) {}

  async listVideos(
    user: User,
    filter: LibraryFilter,
    page: { size: number; number: number },
  ): Promise<{ videos: StoredVideo[]; nextPageNumber: number; totalCount: number }> {
    const { db } = this.deps;
    if (filter.folderId) await this.ownedFolder(db, user, filter.folderId);
    const found = await tags.findTagsByName(db, user.uid, filter.tags);
    // A tag the user does not have (a stale link) matches no video, rather than being an error.
    const names = new Set(filter.tags.map((name) => name.toLowerCase()));
    if (found.length < names.size) return { videos: [], nextPageNumber: 0, totalCount: 0 };
    const tsquery = prefixTsquery(filter.query);
    const { rows, hasMore, total } = await libraryVideos.listFilteredVideos(
      db,
      user.uid,
      {
        tsquery,
        folderId: filter.folderId === undefined ? undefined : filter.folderId || null,
        tagIds: found.map((tag) => tag.id),
        status: filter.status,
        visibility: filter.visibility,
        order: filter.sort,
      },
      page,
    );
    // Issue 30: a video found by what was said names the line, so the result can open at it.
    const said = tsquery
      ? await firstMatchingLines(
          db,
          rows.map((row) => row.id),
          tsquery,
        )
      : new Map();
    const videos = await Promise.all(
      rows.map((row) => this.deps.videos.withDirectUrls({ ...toVideo(row), transcriptMatch: said.get(row.id) })),
    );
    return { videos, nextPageNumber: hasMore ? page.number + 1 : 0, totalCount: total };
  }

  /** The folders directly under `parentId` ('' the root), and the path from the root to it. */
  async listFolders(user: User, parentId: string): Promise<{ folders: Folder[]; path: Folder[] }> {
    const { db } = this.deps;
    if (parentId) await this.ownedFolder(db, user, parentId);
    const [children, path] = await Promise.all([
      folders.listFolders(db, user.uid, parentId || null),
      parentId ? folders.folderPath(db, user.uid, parentId) : [],
    ]);
    return { folders: children.map(toFolder), path: path.map(toFolder) };
  }

  /** Every folder of the user (for a folder picker). */
  async listAllFolders(user: User): Promise<Folder[]> {
    return (await folders.listAllFolders(this.deps.db, user.uid)).map(toFolder);
  }

  async createFolder(user: User, name: string, parentId: string): Promise<Folder> {
    return this.deps.db.transaction().execute(async (trx) => {
      if (parentId) await this.ownedFolder(trx, user, parentId);
      const row = await folders.insertFolder(trx, {
        id: randomUUID(),
        user_id: user.uid,
        name,
        parent_id: parentId || null,
      });
      return toFolder(row);
    });
  }

  async renameFolder(user: User, id: string, name: string): Promise<Folder> {
    return this.deps.db.transaction().execute(async (trx) => {
      await this.ownedFolder(trx, user, id);
      await folders.renameFolder(trx, id, name);
      return toFolder((await folders.findFolder(trx, user.uid, id))!);
    });
  }

  /** Into `parentId` ('' the root); never into the folder itself or one of its subfolders. */
  async moveFolder(user: User, id: string, parentId: string): Promise<Folder> {
    return this.deps.db.transaction().execute(async (trx) => {
      await folders.lockFolderTree(trx, user.uid);
      await this.ownedFolder(trx, user, id);
      if (parentId) {
        await this.ownedFolder(trx, user, parentId);
        const ancestors = await folders.folderPath(trx, user.uid, parentId);
        if (ancestors.some((folder) => folder.id === id)) {
          throw new VideoError('invalid_argument', 'A folder cannot move into itself or one of its subfolders');
        }
      }
      await folders.moveFolder(trx, id, parentId || null);
      return toFolder((await folders.findFolder(trx, user.uid, id))!);
    });
  }

  /** Deletes the folder and its subfolders; their videos move to the root. */
  async deleteFolder(user: User, id: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await folders.lockFolderTree(trx, user.uid);
      await this.ownedFolder(trx, user, id);
      await folders.deleteFolder(trx, id);
    });
  }

  async listTags(user: User): Promise<Tag[]> {
    const rows = await tags.listTags(this.deps.db, user.uid);
    return rows.map((row) => ({ id: row.id, name: row.name, videoCount: Number(row.video_count) }));
  }

  async deleteTag(user: User, id: string): Promise<void> {
    if (!(await tags.deleteTag(this.deps.db, user.uid, id))) throw new VideoError('not_found', `No tag ${id}`);
  }

  /** Applies `change` to every one of `ids` (the caller's own), all or nothing; the videos after it, in order. */
  async updateVideos(user: User, ids: string[], change: VideosChange): Promise<StoredVideo[]> {
    const rows = await this.deps.db.transaction().execute(async (trx) => {
      await this.lockOwnedVideos(trx, user, ids);
      if (change.folderId) await this.ownedFolder(trx, user, change.folderId);
      await libraryVideos.setVideosFields(trx, ids, {
        ...(change.folderId !== undefined ? { folder_id: change.folderId || null } : {}),
        ...(change.visibility !== undefined ? { visibility: change.visibility } : {}),
      });
      const added = await tags.ensureTags(trx, user.uid, change.addTags, randomUUID);
      await tags.tagVideos(
        trx,
        ids,
        added.map((tag) => tag.id),
      );
      const removed = await tags.findTagsByName(trx, user.uid, change.removeTags);
      await tags.untagVideos(
        trx,
        ids,
        removed.map((tag) => tag.id),
      );
      return libraryVideos.findVideos(trx, ids);
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return Promise.all(ids.map((id) => this.deps.videos.withDirectUrls(toVideo(byId.get(id)!))));
  }

  /** Deletes every one of `ids` (the caller's own; if one is not, none is deleted). */
  async deleteVideos(user: User, ids: string[]): Promise<number> {
    await this.deps.db.transaction().execute((trx) => this.lockOwnedVideos(trx, user, ids));
    let deleted = 0;
    for (const id of ids) {
      try {
        await this.deps.videos.delete(user, id);
        deleted += 1;
      } catch (error) {
        // Deleted meanwhile by another call: it is gone, as asked.
        if (!(error instanceof VideoError && error.kind === 'not_found')) throw error;
      }
    }
    return deleted;
  }

  private async ownedFolder(db: Kysely<Database>, user: User, id: string): Promise<void> {
    if (!(await folders.hasFolder(db, user.uid, id))) throw folderNotFound(id);
  }

  private async lockOwnedVideos(db: Kysely<Database>, user: User, ids: string[]): Promise<void> {
    const owned = await libraryVideos.lockOwnedVideos(db, user.uid, ids);
    const missing = ids.find((id) => !owned.has(id));
    if (missing !== undefined) throw new VideoError('not_found', `No video ${missing}`);
  }
}

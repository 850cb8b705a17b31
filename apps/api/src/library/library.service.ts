import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import * as folders from './folder.repository';
import * as libraryVideos from './library-video.repository';
import * as tags from './tag.repository';
import type { StoredRange } from '../edits';
import { firstMatchingLines } from '../transcripts';
import type { Database } from '../platform/db/schema';
import { spanInEdit } from '../edits';
import type { Folder, LibraryFilter, Tag, VideosChange } from './library';
import {
  authorize,
  authorizedVideos,
  may,
  personOf,
  videoRights,
  type Action,
  type FolderFacts,
  type Person,
  type TeamRole,
} from '../access';
import { prefixTsquery } from './search-query';
import { AppError } from '../platform/app-error';
import { toVideo, type StoredVideo } from '../videos';
import { narrows, teamlessTeamVisibility, type VideoService } from '../videos';

export interface LibraryServiceDeps {
  db: Kysely<Database>;
  videos: VideoService;
}

const folderNotFound = (id: string) => new AppError('not_found', `No folder ${id}`);

const toFolder = (row: folders.FolderRow): Folder => ({
  id: row.id,
  name: row.name,
  parentId: row.parent_id ?? '',
  videoCount: Number(row.video_count),
  createdAt: row.created_at,
});

const factsOf = (row: { user_id: string; team_id: string | null }): FolderFacts => ({
  userId: row.user_id,
  teamId: row.team_id ?? undefined,
});

/** The library a folder lives in, as its row says. */
const spaceOf = (row: { user_id: string; team_id: string | null }): folders.FolderSpace =>
  row.team_id === null ? { userId: row.user_id } : { userId: row.user_id, teamId: row.team_id };

const sameSpace = (a: folders.FolderSpace, b: folders.FolderSpace) =>
  a.teamId !== undefined || b.teamId !== undefined ? a.teamId === b.teamId : a.userId === b.userId;

/**
 * The organised library: search, filters and sorting of a user's videos, folders, tags
 * and changes to many videos at once; and a team's library: every video its members put
 * in it, its folders and the tags on its videos, for its members. Who may do what is the policy's
 * (access/policy.ts): what the caller may not see is not_found, and a call naming one changes
 * nothing; what they see but may not change is permission_denied.
 */
export class LibraryService {
  constructor(private readonly deps: LibraryServiceDeps) {}

  async listVideos(
    user: User,
    filter: LibraryFilter,
    page: { size: number; number: number },
  ): Promise<{ videos: StoredVideo[]; nextPageNumber: number; totalCount: number }> {
    const { db } = this.deps;
    const space = await this.space(db, user, filter.teamId);
    if (filter.folderId) await this.folderIn(db, user, space, filter.folderId);
    let tagIds: string[] = [];
    const names = new Set(filter.tags.map((name) => name.toLowerCase()));
    if (space.teamId === undefined) {
      const found = await tags.findTagsByName(db, user.uid, filter.tags);
      // A tag the user does not have (a stale link) matches no video, rather than being an error.
      if (found.length < names.size) return { videos: [], nextPageNumber: 0, totalCount: 0 };
      tagIds = found.map((tag) => tag.id);
    }
    const tsquery = prefixTsquery(filter.query);
    const { rows, hasMore, total } = await libraryVideos.listFilteredVideos(
      db,
      space,
      {
        tsquery,
        folderId: filter.folderId === undefined ? undefined : filter.folderId || null,
        tagIds,
        tagNames: space.teamId === undefined ? undefined : [...names],
        status: filter.status,
        visibility: filter.visibility,
        order: filter.sort,
      },
      page,
    );
    // A video found by what was said names the line, so the result can open at it.
    const said = tsquery
      ? await firstMatchingLines(
          db,
          rows.map((row) => row.id),
          tsquery,
        )
      : new Map();
    // In a team's library the caller's role there decides (every video is that team's); in their own, they own each.
    const { person } = space;
    const videos = await Promise.all(
      rows.map((row) => {
        const video = toVideo(row);
        const transcriptMatch = asPlayed(said.get(row.id), video.editing.playingRanges);
        return this.deps.videos.withDirectUrls({
          ...video,
          transcriptMatch,
          callerRights: videoRights(person, video),
          viewOriginal: may(person, 'view-original', { kind: 'video', video }),
        });
      }),
    );
    return { videos, nextPageNumber: hasMore ? page.number + 1 : 0, totalCount: total };
  }

  /** The folders directly under `parentId` ('' the root), and the path from the root to it. */
  async listFolders(user: User, parentId: string, teamId?: string): Promise<{ folders: Folder[]; path: Folder[] }> {
    const { db } = this.deps;
    const space = await this.space(db, user, teamId);
    if (parentId) await this.folderIn(db, user, space, parentId);
    const [children, path] = await Promise.all([
      folders.listFolders(db, space, parentId || null),
      parentId ? folders.folderPath(db, parentId) : [],
    ]);
    return { folders: children.map(toFolder), path: path.map(toFolder) };
  }

  /** Every folder of the user's library, or of team `teamId` (for a folder picker). */
  async listAllFolders(user: User, teamId?: string): Promise<Folder[]> {
    const space = await this.space(this.deps.db, user, teamId);
    return (await folders.listAllFolders(this.deps.db, space)).map(toFolder);
  }

  /** In `parentId` (and its library), else at the root of the user's library or of team `teamId`. */
  async createFolder(user: User, name: string, parentId: string, teamId?: string): Promise<Folder> {
    return this.deps.db.transaction().execute(async (trx) => {
      let space: folders.FolderSpace;
      if (parentId) {
        const parent = await this.folder(trx, user, parentId, 'view');
        space = spaceOf(parent);
      } else {
        space = await this.space(trx, user, teamId);
      }
      const row = await folders.insertFolder(trx, {
        id: randomUUID(),
        user_id: user.uid,
        team_id: space.teamId ?? null,
        name,
        parent_id: parentId || null,
      });
      return toFolder(row);
    });
  }

  async renameFolder(user: User, id: string, name: string): Promise<Folder> {
    return this.deps.db.transaction().execute(async (trx) => {
      await this.folder(trx, user, id, 'edit');
      await folders.renameFolder(trx, id, name);
      return toFolder((await folders.findFolder(trx, id))!);
    });
  }

  /** Into `parentId` ('' the root) of the same library; never into the folder itself or one of its subfolders. */
  async moveFolder(user: User, id: string, parentId: string): Promise<Folder> {
    return this.deps.db.transaction().execute(async (trx) => {
      const seen = await this.folder(trx, user, id, 'view');
      await folders.lockFolderTree(trx, spaceOf(seen));
      const folder = await this.folder(trx, user, id, 'move');
      if (parentId) {
        const parent = await this.folder(trx, user, parentId, 'view');
        if (!sameSpace(spaceOf(parent), spaceOf(folder))) {
          throw new AppError('invalid_argument', 'A folder moves only within its own library (personal or team)');
        }
        const ancestors = await folders.folderPath(trx, parentId);
        if (ancestors.some((ancestor) => ancestor.id === id)) {
          throw new AppError('invalid_argument', 'A folder cannot move into itself or one of its subfolders');
        }
      }
      await folders.moveFolder(trx, id, parentId || null);
      return toFolder((await folders.findFolder(trx, id))!);
    });
  }

  /** Deletes the folder and its subfolders; their videos move to the root. */
  async deleteFolder(user: User, id: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const seen = await this.folder(trx, user, id, 'view');
      await folders.lockFolderTree(trx, spaceOf(seen));
      await this.folder(trx, user, id, 'delete');
      await folders.deleteFolder(trx, id);
    });
  }

  /** The user's tags, or (with `teamId`) the tags on team `teamId`'s videos. */
  async listTags(user: User, teamId?: string): Promise<Tag[]> {
    const space = await this.space(this.deps.db, user, teamId);
    const rows =
      space.teamId === undefined
        ? await tags.listTags(this.deps.db, user.uid)
        : await tags.listTeamTags(this.deps.db, space.teamId, user.uid);
    return rows.map((row) => ({ id: row.id, name: row.name, videoCount: Number(row.video_count) }));
  }

  async deleteTag(user: User, id: string): Promise<void> {
    if (!(await tags.deleteTag(this.deps.db, user.uid, id))) throw new AppError('not_found', `No tag ${id}`);
  }

  /**
   * Applies `change` to every one of `ids` (each the caller's to edit), all or nothing; the videos
   * after it, in order. A folder must be of the library every video is in.
   */
  async updateVideos(user: User, ids: string[], change: VideosChange): Promise<StoredVideo[]> {
    let revoked: string[] = [];
    const rows = await this.deps.db.transaction().execute(async (trx) => {
      const locked = await this.lockVideos(trx, user, ids, 'edit');
      if (change.folderId) {
        const folder = spaceOf(await this.folder(trx, user, change.folderId, 'view'));
        const astray = locked.find((video) => !sameSpace(folder, { userId: video.user_id, teamId: video.teamId }));
        if (astray) {
          throw new AppError(
            'failed_precondition',
            astray.teamId
              ? `Video ${astray.id} is in a team: it goes only into that team's folders`
              : `Video ${astray.id} is in your personal library: it goes only into your own folders`,
          );
        }
      }
      if (change.visibility === 'TEAM') {
        const teamless = locked.find((video) => !video.teamId && video.visibility !== 'TEAM');
        if (teamless) throw teamlessTeamVisibility(teamless.id);
      }
      // As UpdateVideo: a visibility that takes readers away revokes the signed URLs handed out so far.
      const { visibility } = change;
      revoked = visibility ? locked.filter((video) => narrows(video.visibility, visibility)).map((v) => v.id) : [];
      await libraryVideos.revokeLinks(trx, revoked);
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
    for (const id of revoked) this.deps.videos.linksRevoked(id);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // As GetVideo tells them: the owner sees each as its owner (its user_id, the unedited video's URL).
    const asSeen = (video: StoredVideo) => ({
      ...video,
      viewOriginal: may(personOf(user.uid), 'view-original', { kind: 'video', video }),
    });
    return Promise.all(ids.map((id) => this.deps.videos.withDirectUrls(asSeen(toVideo(byId.get(id)!)))));
  }

  /** Deletes every one of `ids` (each the caller's to delete; if one is not, none is deleted). */
  async deleteVideos(user: User, ids: string[]): Promise<number> {
    await this.deps.db.transaction().execute((trx) => this.lockVideos(trx, user, ids, 'delete'));
    let deleted = 0;
    for (const id of ids) {
      try {
        await this.deps.videos.delete(user, id);
        deleted += 1;
      } catch (error) {
        // Deleted meanwhile by another call: it is gone, as asked.
        if (!(error instanceof AppError && error.kind === 'not_found')) throw error;
      }
    }
    return deleted;
  }

  /** The user's personal library, or team `teamId`'s when they are a member (else not_found). */
  private async space(
    db: Kysely<Database>,
    user: User,
    teamId: string | undefined,
  ): Promise<folders.FolderSpace & { role?: TeamRole; person: Person }> {
    if (teamId === undefined) return { userId: user.uid, person: { uid: user.uid, roles: new Map() } };
    const { role, person } = await authorize(
      db,
      user,
      'view',
      { kind: 'team', teamId },
      { notFound: `No team ${teamId}` },
    );
    return { userId: user.uid, teamId, role, person: person! };
  }

  /** Folder `id` of library `space`, else not_found. */
  private async folderIn(db: Kysely<Database>, user: User, space: folders.FolderSpace, id: string): Promise<void> {
    const row = await this.folder(db, user, id, 'view');
    if (!sameSpace(spaceOf(row), space)) throw folderNotFound(id);
  }

  /**
   * Folder `id` when the policy lets the user do `action` to it: not_found when they may not see
   * it, permission_denied when they see it but may not do that.
   */
  private async folder(db: Kysely<Database>, user: User, id: string, action: Action) {
    const row = await folders.findFolderFacts(db, id);
    if (!row) throw folderNotFound(id);
    await authorize(
      db,
      user,
      action,
      { kind: 'folder', folder: factsOf(row) },
      {
        notFound: `No folder ${id}`,
        denied: "Only the member who made a team's folder, and the team's owners and admins, change or delete it",
      },
    );
    return row;
  }

  /**
   * Locks `ids` and checks the policy lets the user do `action` to each: a video they may not see
   * is not_found, one they see but may not change (a team mate's) permission_denied.
   */
  private async lockVideos(db: Kysely<Database>, user: User, ids: string[], action: 'edit' | 'delete') {
    const rows = await libraryVideos.lockVideos(db, ids);
    const found = rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      userId: row.user_id,
      visibility: row.visibility,
      teamId: row.team_id ?? undefined,
      shareToken: row.share_token ?? undefined,
      shareExpiresAt: row.share_expires_at ?? undefined,
    }));
    // Asked once for every video: in a library a video is seen by its owner and its team, not
    // through its visibility (a stranger's public video is as unknown here as a private one).
    const [listed, permitted] = await Promise.all([
      authorizedVideos(db, user, 'list-in-library', found),
      authorizedVideos(db, user, action, found),
    ]);
    const byId = new Map(found.map((video) => [video.id, video]));
    const videos = [];
    for (const id of ids) {
      const video = byId.get(id);
      if (!video || !listed.has(id)) throw new AppError('not_found', `No video ${id}`);
      if (!permitted.has(id)) {
        throw new AppError(
          'permission_denied',
          `Video ${id} is a team mate's: only its owner ${action === 'edit' ? 'changes' : 'deletes'} it`,
        );
      }
      videos.push(video);
    }
    return videos;
  }
}

/** A matching line at the time the playing version says it; none when the edit cut it. */
function asPlayed(line: StoredVideo['transcriptMatch'], kept: readonly StoredRange[]): StoredVideo['transcriptMatch'] {
  if (!line || !kept.length) return line;
  const span = spanInEdit(kept, line.start, line.end);
  return span && { ...line, ...span };
}

import type { VideoStatus, VideoVisibility } from '../videos';

// The library's domain types and limits.

export const MAX_FOLDER_NAME_LENGTH = 100;
export const MAX_TAG_NAME_LENGTH = 50;
/** Videos one UpdateVideos or DeleteVideos call may name. */
export const MAX_BULK_VIDEOS = 100;
/** Tags one call may name (to add, remove or filter by). */
export const MAX_TAGS_PER_CALL = 20;
export const MAX_QUERY_LENGTH = 200;

export interface Folder {
  id: string;
  name: string;
  /** '' at the root. */
  parentId: string;
  videoCount: number;
  createdAt: Date;
}

export interface Tag {
  id: string;
  name: string;
  videoCount: number;
}

export type VideoSortOrder = 'relevance' | 'newest' | 'oldest' | 'title' | 'longest';

/** What ListVideos asks beyond the spec's paging. */
export interface LibraryFilter {
  query: string;
  /** undefined: any folder; '': the root only. */
  folderId?: string;
  tags: string[];
  sort: VideoSortOrder;
  status?: VideoStatus;
  visibility?: VideoVisibility;
  /** A team's library instead of the caller's own videos. */
  teamId?: string;
}

/** A change to many videos; undefined fields stay as they are. */
export interface VideosChange {
  /** '': to the root. */
  folderId?: string;
  addTags: string[];
  removeTags: string[];
  visibility?: VideoVisibility;
}

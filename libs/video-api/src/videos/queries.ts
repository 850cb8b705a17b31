import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Transport } from '@connectrpc/connect';
import { createConnectQueryKey, createInfiniteQueryOptions } from '@connectrpc/connect-query';
import { everyCallKey, unaryQuery } from '../query/unary-query';
import { type ListVideosRequestSchema, type ListVideosResponse, Status, type Video, VideoService } from '@stream/proto';

/** docs/product.md, Limits: the list loads page 0 with 10 videos, then the pages the server points to. */
export const FIRST_PAGE_NUMBER = 0;
export const DEFAULT_PAGE_SIZE = 10;
/** How often a view with videos still PROCESSING asks again until they are READY or FAILED. */
export const PROCESSING_REFETCH_MS = 3000;
/**
 * The same for a page showing one video: a recording is READY a second or two after Stop, and its
 * watch page should start playing then, not up to three seconds later. One small GetVideo.
 */
export const VIDEO_PROCESSING_REFETCH_MS = 1000;
/**
 * How often the library on screen asks again when nothing in it is PROCESSING, so a video uploaded
 * from another tab or device shows up without a reload. One ListVideos per loaded page;
 * React Query stops while the tab is hidden and asks at once when it is back in focus.
 */
export const LIBRARY_REFRESH_MS = 10_000;

/**
 * The page after `lastPage`, or undefined when there is none. The server signals the end with
 * next_page_number 0 (the proto3 default; page 0 is always the first page, never a "next" one).
 */
export function nextPageNumber(lastPage: ListVideosResponse, lastPageNumber: number): number | undefined {
  const next = lastPage.nextPageNumber;
  return next > lastPageNumber ? next : undefined;
}

/** Infinite query for the caller's videos; the same options serve loaders and components. */
export function listVideosQuery(
  transport: Transport,
  pageSize: number = DEFAULT_PAGE_SIZE,
  /** What else the request asks (the library's folder, tag and search; see libraryVideosQuery). */
  filter: Omit<MessageInitShape<typeof ListVideosRequestSchema>, 'pageSize' | 'pageNumber' | '$typeName'> = {},
) {
  return createInfiniteQueryOptions(
    VideoService.method.listVideos,
    { ...filter, pageSize, pageNumber: FIRST_PAGE_NUMBER },
    {
      transport,
      pageParamKey: 'pageNumber',
      getNextPageParam: (lastPage, _allPages, lastPageParam) =>
        nextPageNumber(lastPage, lastPageParam ?? FIRST_PAGE_NUMBER),
    },
  );
}

/** Query for one video by id; its `queryKey` is the cached video's key (mutations write and invalidate it). */
export function getVideoQuery(transport: Transport, videoId: string) {
  return unaryQuery(VideoService.method.getVideo, { videoId }, transport);
}

/** The header a share token travels in, for calls made by way of a link (GetVideo, RecordView). */
export const SHARE_TOKEN_HEADER = 'x-share-token';

/**
 * Query for the video of a share link (the watch page at /s/{token}), signed in or not. A
 * PRIVATE, deleted, expired or reset link is not_found.
 */
export function getSharedVideoQuery(transport: Transport, shareToken: string) {
  return unaryQuery(VideoService.method.getSharedVideo, { shareToken }, transport);
}

/**
 * Key prefix matching every cached ListVideos page set of this transport, whatever the page size
 * or filter (for invalidation): `listVideosQuery(...).queryKey` names one of them only.
 */
export function listVideosKey(transport: Transport) {
  return createConnectQueryKey({ schema: VideoService.method.listVideos, transport, cardinality: 'infinite' });
}

/** Key prefix matching every cached GetVideo of this transport (a change that may touch any video). */
export const allVideosKey = (transport: Transport) => everyCallKey(VideoService.method.getVideo, transport);

export function isProcessing(video: Pick<Video, 'status'>): boolean {
  return video.status === Status.PROCESSING;
}

/**
 * How long a page showing one READY video without hover previews asks again for them: the server
 * stores the storyboard just after READY (a second or two), or never when it cannot make one.
 */
export const STORYBOARD_WAIT_MS = 15_000;
/** When each video was first seen READY without a storyboard here (by id): the wait counts from then. */
const awaitingStoryboardSince = new Map<string, number>();

/** Whether `video` may still get the storyboard processing adds just after READY. */
function awaitsStoryboard(video: Video, now: number): boolean {
  // Only a video stored here gets one (a hosted-elsewhere video has no bytes of ours).
  if (video.status !== Status.READY || video.storyboard || video.sizeBytes === 0n) {
    awaitingStoryboardSince.delete(video.id);
    return false;
  }
  const since = awaitingStoryboardSince.get(video.id) ?? now;
  awaitingStoryboardSince.set(video.id, since);
  return now - since < STORYBOARD_WAIT_MS;
}

/**
 * `refetchInterval` for views showing videos: poll while any is PROCESSING, stop once all are
 * READY or FAILED. Accepts a single video (polled more often, and for a few seconds after READY
 * until its hover previews arrive), a page, or infinite pages.
 */
export function refetchWhileProcessing(
  data: Video | ListVideosResponse | { pages: ListVideosResponse[] } | undefined,
  now: number = Date.now(),
): number | false {
  if (!data) return false;
  if (!('videos' in data) && !('pages' in data))
    return isProcessing(data) || awaitsStoryboard(data, now) ? VIDEO_PROCESSING_REFETCH_MS : false;
  const videos: Video[] = 'pages' in data ? data.pages.flatMap((p) => p.videos) : data.videos;
  return videos.some(isProcessing) ? PROCESSING_REFETCH_MS : false;
}

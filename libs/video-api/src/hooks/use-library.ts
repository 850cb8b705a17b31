import type { Transport } from '@connectrpc/connect';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeErrorMessage } from '../errors/change-error-message';
import { describeVideoError } from '../errors/describe-video-error';
import { toLibraryFilter } from '../library/library-filter';
import { tagsOf, type LibrarySearch } from '../library/library-search';
import { deleteVideosMutation, updateVideosMutation } from '../library/mutations';
import { allFoldersQuery, isFiltered, libraryVideosQuery } from '../library/queries';
import { LIBRARY_REFRESH_MS, refetchWhileProcessing } from '../videos/queries';
import { folderChoices } from '../view/folder-choices';
import { cardOf, originalFileOf, visibilityOfLabel, type VideoVisibilityLabel } from '../view/video-view';

/**
 * The caller's library as the URL's search asks (ListVideos with its filter), as `@stream/ui`'s
 * `LibraryView` props: the route's loader has the first page in the cache, more come on demand,
 * PROCESSING ones are asked again until done, and the rest every LIBRARY_REFRESH_MS (a video
 * uploaded elsewhere appears); moves, tags, visibility and deletes of many at once.
 */
export function useLibrary(transport: Transport, search: LibrarySearch, myUid?: string) {
  const queryClient = useQueryClient();
  const filter = toLibraryFilter(search);
  const query = useInfiniteQuery({
    ...libraryVideosQuery(transport, filter),
    refetchInterval: (q) => refetchWhileProcessing(q.state.data) || LIBRARY_REFRESH_MS,
  });
  const allFolders = useQuery(allFoldersQuery(transport, search.space));
  const update = useMutation(updateVideosMutation(transport, queryClient));
  const remove = useMutation(deleteVideosMutation(transport, queryClient));
  const messages = query.data?.pages.flatMap((page) => page.videos) ?? [];
  const changeError = update.error ?? remove.error;
  const tags = tagsOf(search);
  return {
    query,
    /** Nothing asked beyond the spec's page: an empty answer means no videos at all. */
    filtered: isFiltered(filter),
    videos: messages.map((message) => ({
      id: message.id,
      url: message.url,
      mp4Url: message.mp4Url,
      original: originalFileOf(message),
      folderId: message.folderId,
      // A team's video of someone else: only its owner shares, edits, moves or deletes it.
      mine: myUid === undefined || message.userId === myUid,
      // What the server's policy lets the caller do to it (a team admin may take it out of the team).
      rights: message.callerRights && {
        edit: message.callerRights.edit,
        delete: message.callerRights.delete,
        share: message.callerRights.share,
        moveIntoTeam: message.callerRights.moveIntoTeam,
        moveOutOfTeam: message.callerRights.moveOutOfTeam,
      },
      card: {
        ...cardOf(message),
        // Found by what was said: the line, and the moment the card opens at.
        spokenMatch: message.transcriptMatch && {
          seconds: message.transcriptMatch.startSeconds,
          text: message.transcriptMatch.text,
        },
      },
      message,
    })),
    /** A search or tags: how many match (the server's count when it gave one). */
    searched:
      search.q || tags.length
        ? { query: search.q ?? '', tags, count: query.data?.pages[0]?.totalCount ?? messages.length }
        : undefined,
    folders: folderChoices(allFolders.data?.folders ?? []),
    changing: update.isPending || remove.isPending,
    changeError: changeError ? changeErrorMessage(changeError) : undefined,
    onMove: (videoIds: string[], folderId: string, done?: () => void) =>
      update.mutate({ videoIds, folderId }, { onSuccess: done }),
    onTag: (videoIds: string[], tag: string) => update.mutate({ videoIds, addTags: [tag] }),
    onVisibility: (videoIds: string[], label: VideoVisibilityLabel) =>
      update.mutate({ videoIds, visibility: visibilityOfLabel[label] }),
    onDelete: (videoIds: string[], done: () => void) => remove.mutate({ videoIds }, { onSuccess: done }),
    more: {
      hasMore: query.hasNextPage,
      loading: query.isFetchingNextPage,
      error: query.isFetchNextPageError ? describeVideoError(query.error).message : undefined,
      onLoadMore: () => void query.fetchNextPage(),
    },
  };
}

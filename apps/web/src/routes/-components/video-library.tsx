import { Visibility, type Video } from '@stream/proto';
import {
  EmptyVideos,
  LibraryToolbar,
  LoadError,
  LoadMore,
  MoveDialog,
  SearchSummary,
  SelectionBar,
  VideoActionsMenu,
  VideoCard,
  VideoGrid,
  VideoGridSkeleton,
  searchWords,
} from '@stream/ui';
import {
  allFoldersQuery,
  deleteVideosMutation,
  describeVideoError,
  isFiltered,
  libraryVideosQuery,
  refetchWhileProcessing,
  updateVideosMutation,
} from '@stream/video-api';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DeleteVideoDialog } from './delete-video-dialog';
import { folderChoices } from './folder-choices';
import { LibraryFolders } from './library-folders';
import { toLibraryFilter } from './library-filter';
import { tagParam, tagsOf, type LibrarySearch } from './library-search';
import { RouterLink } from './router-link';
import { ShareVideoDialog } from './share-video-dialog';
import { useSelection } from './use-selection';
import { changeErrorMessage } from './video-errors';
import { toCardProps } from './video-props';

const route = getRouteApi('/_authed/videos');

const visibilities = { private: Visibility.PRIVATE, shared: Visibility.SHARED, public: Visibility.PUBLIC } as const;

/**
 * The caller's library: folders of the open level above the grid, sort and filters, the search's
 * count, and the grid of videos, all as the URL says (library-search.ts). The route's loader has
 * the first page in the cache; more come on demand, and PROCESSING ones are refreshed until they
 * are done. Each card has a menu (Share, Edit, Move to folder, Download, Delete), a checkbox for
 * changes to many at once, its tags (a click filters by one) and can be dragged onto a folder.
 */
export function VideoLibrary() {
  const { transport } = route.useRouteContext();
  const search = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [acting, setActing] = useState<{ action: 'share' | 'delete' | 'move'; video: Video }>();
  const filter = toLibraryFilter(search);
  const query = useInfiniteQuery({
    ...libraryVideosQuery(transport, filter),
    refetchInterval: (q) => refetchWhileProcessing(q.state.data),
  });
  const folders = useQuery(allFoldersQuery(transport));
  const update = useMutation(updateVideosMutation(transport, queryClient));
  const remove = useMutation(deleteVideosMutation(transport, queryClient));
  const videos = query.data?.pages.flatMap((page) => page.videos) ?? [];
  const selection = useSelection(videos.map((video) => video.id));

  const show = (change: (current: LibrarySearch) => LibrarySearch) =>
    void navigate({ to: '/videos', search: (current: LibrarySearch) => change(current) });

  if (query.isPending) return <VideoGridSkeleton />;
  if (query.isError && query.data === undefined) {
    return (
      <LoadError
        message={describeVideoError(query.error).message}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }

  const tags = tagsOf(search);
  const choices = folderChoices(folders.data?.folders ?? []);
  const close = () => setActing(undefined);
  const move = (videoIds: string[], folderId: string) => update.mutate({ videoIds, folderId });
  const words = searchWords(search.q ?? '');
  const searching = Boolean(search.q) || tags.length > 0;
  const totalCount = query.data.pages[0]?.totalCount;

  if (videos.length === 0 && !isFiltered(filter)) {
    return (
      <>
        <LibraryFolders transport={transport} folderId="" onDropVideo={(folderId, id) => move([id], folderId)} />
        <EmptyVideos LinkComponent={RouterLink} />
      </>
    );
  }

  return (
    <>
      {acting?.action === 'share' && <ShareVideoDialog video={acting.video} transport={transport} onClose={close} />}
      {acting?.action === 'delete' && (
        <DeleteVideoDialog video={acting.video} transport={transport} onClose={close} onDeleted={close} />
      )}
      {acting?.action === 'move' && (
        <MoveDialog
          title={`Move ${acting.video.title || 'Untitled video'}`}
          folders={choices}
          current={acting.video.folderId}
          onCancel={close}
          onMove={(folderId) => {
            close();
            move([acting.video.id], folderId);
          }}
        />
      )}
      <LibraryFolders
        transport={transport}
        folderId={search.folder ?? ''}
        onDropVideo={(folderId, id) => move([id], folderId)}
      />
      <LibraryToolbar
        sort={search.sort ?? (search.q ? 'relevance' : 'newest')}
        offerRelevance={Boolean(search.q)}
        status={search.status ?? ''}
        visibility={search.visibility ?? ''}
        onSort={(sort) => show((s) => ({ ...s, sort: sort === 'relevance' ? undefined : sort }))}
        onStatus={(status) => show((s) => ({ ...s, status: status || undefined }))}
        onVisibility={(visibility) => show((s) => ({ ...s, visibility: visibility || undefined }))}
      />
      {searching && (
        <SearchSummary
          query={search.q ?? ''}
          tags={tags}
          count={totalCount ?? videos.length}
          onClear={() => show((s) => ({ ...s, q: undefined, tag: undefined }))}
          onRemoveTag={(tag) => show((s) => ({ ...s, tag: tagParam(tagsOf(s).filter((t) => t !== tag)) }))}
        />
      )}
      {selection.selected.length > 0 && (
        <SelectionBar
          count={selection.selected.length}
          folders={choices}
          busy={update.isPending || remove.isPending}
          error={
            update.error
              ? changeErrorMessage(update.error)
              : remove.error
                ? changeErrorMessage(remove.error)
                : undefined
          }
          onMove={(folderId) =>
            update.mutate({ videoIds: selection.selected, folderId }, { onSuccess: selection.clear })
          }
          onTag={(tag) => update.mutate({ videoIds: selection.selected, addTags: [tag] })}
          onVisibility={(visibility) =>
            update.mutate({ videoIds: selection.selected, visibility: visibilities[visibility] })
          }
          onDelete={() => remove.mutate({ videoIds: selection.selected }, { onSuccess: selection.clear })}
          onClear={selection.clear}
        />
      )}
      {!searching && videos.length === 0 && (
        <p className="text-base-content/70">{search.folder ? 'This folder is empty.' : 'No videos match.'}</p>
      )}
      {videos.length > 0 && (
        <VideoGrid
          footer={
            <>
              {query.isFetchNextPageError && (
                <LoadError
                  message={describeVideoError(query.error).message}
                  onRetry={() => void query.fetchNextPage()}
                  retrying={query.isFetchingNextPage}
                />
              )}
              {query.hasNextPage && !query.isFetchNextPageError && (
                <LoadMore loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
              )}
            </>
          }
        >
          {videos.map((video) => (
            <VideoCard
              key={video.id}
              {...toCardProps(video)}
              views={Number(video.viewCount)}
              highlight={words}
              tags={video.tags}
              renderTagLink={(tag, props) => <Link to="/videos" search={{ tag }} {...props} />}
              selection={{
                selected: selection.isSelected(video.id),
                onToggle: (range) => selection.toggle(video.id, range),
              }}
              dragId={video.id}
              renderLink={(props) => <Link to="/video/$id" params={{ id: video.id }} {...props} />}
              actions={
                <VideoActionsMenu
                  title={video.title}
                  url={video.url}
                  onShare={() => setActing({ action: 'share', video })}
                  onEdit={() => void navigate({ to: '/video/$id', params: { id: video.id }, search: { edit: true } })}
                  onMove={() => setActing({ action: 'move', video })}
                  onDelete={() => setActing({ action: 'delete', video })}
                />
              }
            />
          ))}
        </VideoGrid>
      )}
    </>
  );
}

import {
  EmptyVideos,
  FileUploads,
  FolderManager,
  LibraryPage,
  LibraryView,
  LoadError,
  VideoGridSkeleton,
} from '@stream/ui';
import {
  loadErrorOf,
  tagParam,
  tagsOf,
  useFileUploads,
  useLibrary,
  useLibraryFolders,
  useSpaceName,
  type LibrarySearch,
} from '@stream/video-api';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import { RouterLink } from './router-link';
import { useSession } from '@stream/auth';
import { DeleteVideoDialog, MoveToTeamVideosDialog, ShareVideoDialog } from './video-dialogs';

const route = getRouteApi('/_authed/videos');

/** /videos: the heading (the team's name in a team space) above the library. */
export function VideoLibraryPage() {
  const { transport } = route.useRouteContext();
  return (
    <LibraryPage spaceName={useSpaceName(transport, route.useSearch().space)}>
      <VideoLibrary />
    </LibraryPage>
  );
}

/** The caller's library as the URL says (`LibrarySearch`): the folders of the open level, then its videos. */
export function VideoLibrary() {
  const { transport, session } = route.useRouteContext();
  const search = route.useSearch();
  const navigate = useNavigate();
  const library = useLibrary(transport, search, useSession(session).user?.id);
  // Existing files into the library (issue 29): tus uploads like recordings, the list refreshed after each.
  const files = useFileUploads({
    getToken: async () => (await session.getToken()) ?? undefined,
    onUploaded: () => void library.query.refetch(),
  });
  const show = (change: (current: LibrarySearch) => LibrarySearch) =>
    void navigate({ to: '/videos', search: (current: LibrarySearch) => change(current) });
  const folders = useLibraryFolders(
    transport,
    search.folder ?? '',
    (parent) => show((s) => ({ space: s.space, ...(parent ? { folder: parent } : {}) })),
    search.space,
  );
  const { query, searched } = library;

  if (query.isPending) return <VideoGridSkeleton />;
  if (query.isError && query.data === undefined) return <LoadError {...loadErrorOf(query)} />;
  const folderBar = (
    <>
      <FileUploads uploads={files.uploads} onFiles={files.add} onDismiss={files.dismiss} />
      <FolderManager
        {...folders}
        renderFolderLink={(id, props) => <Link to="/videos" search={id ? { folder: id } : {}} {...props} />}
        onDropVideo={(folderId, id) => library.onMove([id], folderId)}
      />
    </>
  );
  if (library.videos.length === 0 && !library.filtered) {
    return (
      <>
        {folderBar}
        <EmptyVideos LinkComponent={RouterLink} />
      </>
    );
  }
  return (
    <LibraryView
      {...library}
      folderBar={folderBar}
      toolbar={{
        sort: search.sort ?? (search.q ? 'relevance' : 'newest'),
        offerRelevance: Boolean(search.q),
        offerTeam: Boolean(search.space),
        status: search.status ?? '',
        visibility: search.visibility ?? '',
        onSort: (sort) => show((s) => ({ ...s, sort: sort === 'relevance' ? undefined : sort })),
        onStatus: (status) => show((s) => ({ ...s, status: status || undefined })),
        onVisibility: (visibility) => show((s) => ({ ...s, visibility: visibility || undefined })),
      }}
      summary={
        searched && {
          ...searched,
          onClear: () => show((s) => ({ ...s, q: undefined, tag: undefined })),
          onRemoveTag: (tag) => show((s) => ({ ...s, tag: tagParam(tagsOf(s).filter((t) => t !== tag)) })),
        }
      }
      emptyMessage={search.folder ? 'This folder is empty.' : 'No videos match.'}
      renderVideoLink={(id, props, at) => (
        <Link to="/video/$id" params={{ id }} search={at === undefined ? {} : { t: Math.floor(at) }} {...props} />
      )}
      renderTagLink={(tag, props) => <Link to="/videos" search={{ tag }} {...props} />}
      onEdit={(id) => void navigate({ to: '/video/$id', params: { id }, search: { edit: true } })}
      renderShare={({ message }, close) => <ShareVideoDialog video={message} transport={transport} onClose={close} />}
      renderMoveToTeam={(videoIds, close, { outOnly }) => (
        <MoveToTeamVideosDialog
          videoIds={videoIds}
          outOnly={outOnly}
          current={search.space ?? ''}
          transport={transport}
          onClose={close}
        />
      )}
      renderDelete={({ message }, close) => (
        <DeleteVideoDialog video={message} transport={transport} onClose={close} onDeleted={close} />
      )}
    />
  );
}

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
  libraryControlsOf,
  loadErrorOf,
  useFileUploads,
  useLibrary,
  useLibraryFolders,
  useSpaceName,
  type ShowLibrary,
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
  // Existing files into the library: tus uploads like recordings, the list refreshed after each.
  const files = useFileUploads({
    getToken: async () => (await session.getToken()) ?? undefined,
    onUploaded: () => void library.query.refetch(),
  });
  const show: ShowLibrary = (change) => void navigate({ to: '/videos', search: change });
  const folders = useLibraryFolders(
    transport,
    search.folder ?? '',
    (parent) => show((s) => ({ space: s.space, ...(parent ? { folder: parent } : {}) })),
    search.space,
  );
  const { query, searched } = library;
  const controls = libraryControlsOf(search, show);

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
      toolbar={controls.toolbar}
      summary={searched && { ...searched, onClear: controls.onClearSearch, onRemoveTag: controls.onRemoveTag }}
      emptyMessage={controls.emptyMessage}
      renderVideoLink={(id, props, at) => (
        <Link to="/video/$id" params={{ id }} search={at === undefined ? {} : { t: Math.floor(at) }} {...props} />
      )}
      renderTagLink={(tag, props) => <Link to="/videos" search={{ tag }} {...props} />}
      onEditVideo={(id) => void navigate({ to: '/video/$id', params: { id }, search: { edit: true } })}
      onRename={(id) => void navigate({ to: '/video/$id', params: { id }, search: { rename: true } })}
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

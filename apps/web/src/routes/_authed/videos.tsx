import { LibraryPage, VideoGridSkeleton } from '@stream/ui';
import { libraryVideosQuery, toLibraryFilter, validateLibrarySearch } from '@stream/video-api';
import { createFileRoute } from '@tanstack/react-router';
import { RouteLoadError } from '../-components/route-load-error';
import { VideoLibrary } from '../-components/video-library';

export const Route = createFileRoute('/_authed/videos')({
  // Search, folder, tags, sort and filters live in the URL (issue 14), so a reload keeps the view.
  validateSearch: validateLibrarySearch,
  loaderDeps: ({ search }) => search,
  // The first page (also on hover of a link to here); the heading shows with the skeleton meanwhile.
  loader: async ({ context: { queryClient, transport }, deps }) => {
    await queryClient.ensureInfiniteQueryData(libraryVideosQuery(transport, toLibraryFilter(deps)));
  },
  pendingComponent: () => (
    <LibraryPage>
      <VideoGridSkeleton />
    </LibraryPage>
  ),
  errorComponent: ({ error }) => (
    <LibraryPage>
      <RouteLoadError error={error} />
    </LibraryPage>
  ),
  component: () => (
    <LibraryPage>
      <VideoLibrary />
    </LibraryPage>
  ),
});

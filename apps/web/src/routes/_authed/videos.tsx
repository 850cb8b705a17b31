import { LibraryPage, VideoGridSkeleton } from '@stream/ui';
import {
  libraryVideosQuery,
  rememberSpace,
  rememberedSpace,
  toLibraryFilter,
  validateLibrarySearch,
} from '@stream/video-api';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { RouteLoadError } from '../-components/route-load-error';
import { VideoLibraryPage } from '../-components/video-library';

export const Route = createFileRoute('/_authed/videos')({
  // Search, folder, tags, sort and filters live in the URL, so a reload keeps the view.
  validateSearch: validateLibrarySearch,
  // The active space: a link without one shows the space chosen last in this tab.
  beforeLoad: ({ search }) => {
    const remembered = rememberedSpace();
    if (search.space === undefined && remembered.id)
      throw redirect({ to: '/videos', search: { ...search, space: remembered.id }, replace: true });
    // Its name ('' till known) comes from ListMyTeams: the side navigation and the heading ask it.
    if (search.space && search.space !== remembered.id) rememberSpace({ id: search.space, name: '' });
  },
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
  component: VideoLibraryPage,
});

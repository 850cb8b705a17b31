import { VideoGridSkeleton } from '@stream/ui';
import { libraryVideosQuery, toLibraryFilter, validateLibrarySearch } from '@stream/video-api';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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
    <VideosPage>
      <VideoGridSkeleton />
    </VideosPage>
  ),
  errorComponent: ({ error }) => (
    <VideosPage>
      <RouteLoadError error={error} />
    </VideosPage>
  ),
  component: () => (
    <VideosPage>
      <VideoLibrary />
    </VideosPage>
  ),
});

function VideosPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">Videos</h1>
        <p className="text-base-content/70">View and manage your recorded videos</p>
      </header>
      {children}
    </div>
  );
}

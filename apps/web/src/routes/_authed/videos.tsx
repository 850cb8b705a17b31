import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { listVideosQuery } from '@stream/video-api';
import { VideoLibrary } from '../-components/video-library';

export const Route = createFileRoute('/_authed/videos')({
  // Start the first page early (also on hover of a link) without holding the page: the heading
  // shows at once and the grid has its own loading, empty and error states.
  loader: ({ context: { queryClient, transport } }) => {
    void queryClient.prefetchInfiniteQuery(listVideosQuery(transport));
  },
  component: VideosPage,
});

function VideosPage() {
  const { queryClient, transport } = Route.useRouteContext();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">Videos</h1>
        <p className="text-base-content/70">View and manage your recorded videos</p>
      </header>
      <VideoLibrary
        queryClient={queryClient}
        transport={transport}
        onOpen={(id) => void navigate({ to: '/video/$id', params: { id } })}
        onRecord={() => void navigate({ to: '/record' })}
      />
    </div>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { getVideoQuery } from '@stream/video-api';
import { VideoDetail } from '../-components/video-detail';

export const Route = createFileRoute('/_authed/video/$id')({
  // Start GetVideo early without holding the page, so "Loading..." shows until it answers.
  loader: ({ context: { queryClient, transport }, params }) => {
    void queryClient.prefetchQuery(getVideoQuery(transport, params.id));
  },
  component: VideoPage,
});

function VideoPage() {
  const { id } = Route.useParams();
  const { queryClient, transport } = Route.useRouteContext();
  return <VideoDetail key={id} videoId={id} queryClient={queryClient} transport={transport} />;
}

import { createFileRoute } from '@tanstack/react-router';

// Placeholder so the app builds; the real page is another issue's work.
export const Route = createFileRoute('/_authed/video/$id')({
  component: VideoPage,
});

function VideoPage() {
  const { id } = Route.useParams();
  return <h1 className="text-3xl font-bold">Video {id}</h1>;
}

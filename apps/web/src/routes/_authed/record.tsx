import { Link, createFileRoute } from '@tanstack/react-router';
import { RecordPage } from '../-components/record-page';
import { uploadClientFor } from '../-components/record-upload-client';

export const Route = createFileRoute('/_authed/record')({
  component: RecordRoute,
});

function RecordRoute() {
  const { session } = Route.useRouteContext();
  return (
    <RecordPage
      uploads={uploadClientFor(session)}
      renderVideoLink={(id) => (
        <Link to="/video/$id" params={{ id }} className="link link-primary">
          Open the video
        </Link>
      )}
    />
  );
}

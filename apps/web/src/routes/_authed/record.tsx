import { Link, createFileRoute } from '@tanstack/react-router';
import { RecordPage } from '../-components/record-page';

export const Route = createFileRoute('/_authed/record')({
  component: RecordRoute,
});

function RecordRoute() {
  const { uploads, recorder } = Route.useRouteContext();
  return (
    <RecordPage
      uploads={uploads}
      recorderOptions={recorder}
      renderVideoLink={(id) => (
        <Link to="/video/$id" params={{ id }} className="link link-primary">
          Open the video
        </Link>
      )}
    />
  );
}

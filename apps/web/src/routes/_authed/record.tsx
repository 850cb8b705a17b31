import { accountRecordingDefaults, appConfigQuery } from '@stream/video-api';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { RecordPage } from '../-components/record-page';

export const Route = createFileRoute('/_authed/record')({
  // The app's one RecordingUploads (router context), loaded with this page, and the account's defaults.
  loader: ({ context: c }) => Promise.all([c.recordings(), accountRecordingDefaults(c.queryClient, c.transport)]),
  component: RecordRoute,
});

function RecordRoute() {
  const [recordings, defaults] = Route.useLoaderData();
  const { recorder } = Route.useRouteContext();
  // The server's maximum length; recording does not wait for it (no answer: no limit).
  const { data: config } = useQuery(appConfigQuery());
  const maxSeconds = config?.maxRecordingSeconds;
  return (
    <RecordPage
      recordings={recordings}
      recordingDefaults={defaults}
      recorderOptions={recorder}
      maxDurationMs={maxSeconds ? maxSeconds * 1000 : undefined}
      renderVideoLink={(id) => (
        <Link to="/video/$id" params={{ id }} className="link link-primary">
          Open the video
        </Link>
      )}
    />
  );
}

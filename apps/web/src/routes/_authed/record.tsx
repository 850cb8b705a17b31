import { hasSpoolStorage } from '@stream/recorder';
import { appConfigQuery } from '@stream/video-api';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { RecordPage } from '../-components/record-page';
import { instantRecordingFor } from '../-components/record-upload-client';

export const Route = createFileRoute('/_authed/record')({
  component: RecordRoute,
});

function RecordRoute() {
  const { uploads, recorder, session, transport } = Route.useRouteContext();
  // Upload while recording (issue 13) where the browser can keep a local copy (OPFS, else
  // IndexedDB); elsewhere, and in tests that pass a fake browser, the whole file uploads after Stop.
  const [instant] = useState(() =>
    recorder.browser || !hasSpoolStorage() ? undefined : instantRecordingFor(session, transport),
  );
  // The server's maximum length; recording does not wait for it (no answer: no limit).
  const { data: config } = useQuery(appConfigQuery());
  const maxSeconds = config?.maxRecordingSeconds;
  return (
    <RecordPage
      uploads={uploads}
      recorderOptions={recorder}
      {...(instant ? { instant } : {})}
      maxDurationMs={maxSeconds ? maxSeconds * 1000 : undefined}
      renderVideoLink={(id) => (
        <Link to="/video/$id" params={{ id }} className="link link-primary">
          Open the video
        </Link>
      )}
    />
  );
}

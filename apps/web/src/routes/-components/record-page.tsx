import { preferencesFromAccount, type AccountRecordingDefaults, type RecorderOptions } from '@stream/recorder';
import type { RecordingUploads } from '@stream/recording-uploads';
import { useRecordPage } from '@stream/recording-uploads/react';
import { RecordPageView } from '@stream/ui';
import type { ReactNode } from 'react';
import { RecordSetup } from './record-setup';
import { RecordUnfinished } from './record-unfinished';
import { RecordUploadView } from './record-upload-view';

export interface RecordPageProps {
  /** The app's one RecordingUploads: where every recording goes once made (and while, on the instant path). */
  recordings: RecordingUploads;
  /** Read once; tests pass a fake browser. */
  recorderOptions?: RecorderOptions;
  /** Where a finished upload can be watched (the route gives a router link). */
  renderVideoLink?: (videoId: string) => ReactNode;
  /** The server's maximum recording length (GET /api/config); absent: none. */
  maxDurationMs?: number | undefined;
  /** The account's: where a browser with no remembered settings starts. */
  recordingDefaults?: AccountRecordingDefaults | undefined;
}

/**
 * /record (`useRecordPage`, drawn by RecordPageView). The recording stays on the page (preview
 * and download) whatever the upload does, and whatever a sink of the recorder does.
 */
export function RecordPage({ recordings, recordingDefaults: start, ...props }: RecordPageProps) {
  const { recorderOptions, renderVideoLink, maxDurationMs } = props;
  const page = useRecordPage(recordings, recorderOptions, maxDurationMs, start && preferencesFromAccount(start));
  const { uploads, capturing } = page;
  return (
    <RecordPageView
      {...page}
      awaiting={page.setup.area ? 'Choose the area to record' : undefined}
      status={
        <>
          {capturing && uploads.status === 'uploaded' ? null : (
            <RecordUploadView
              recordings={recordings}
              state={uploads}
              stopped={page.stopped}
              renderVideoLink={renderVideoLink}
            />
          )}
          {recordings.instant && !capturing ? <RecordUnfinished recordings={recordings} /> : null}
        </>
      }
      setup={
        <RecordSetup
          recorder={page.recorder}
          setup={page.setup}
          disabled={page.uploading}
          maxDurationMs={maxDurationMs}
          browser={recorderOptions?.browser}
        />
      }
    />
  );
}

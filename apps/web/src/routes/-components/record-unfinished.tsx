import type { RecordingUploads } from '@stream/recording-uploads';
import { useUnfinishedRecordings } from '@stream/recording-uploads/react';
import { RecorderNotice, UnfinishedRecordings } from '@stream/ui';

/** "Unfinished recordings" left by an earlier page: Resume upload, Download, Discard. */
export function RecordUnfinished({ recordings }: { recordings: RecordingUploads }) {
  const unfinished = useUnfinishedRecordings(recordings);
  return (
    <>
      {unfinished.error ? (
        <RecorderNotice message={`That did not work: ${unfinished.error}`} onDismiss={unfinished.clearError} />
      ) : null}
      <UnfinishedRecordings
        recordings={unfinished.recordings}
        onResume={unfinished.resume}
        onDownload={unfinished.download}
        onDiscard={unfinished.discard}
      />
    </>
  );
}

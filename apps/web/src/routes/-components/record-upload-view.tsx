import type { RecordingUploads, RecordingUploadState } from '@stream/recording-uploads';
import { useRecordUploadView } from '@stream/recording-uploads/react';
import { RecordUploadView as View } from '@stream/ui';
import type { ReactNode } from 'react';

/** Where the recording's upload stands, with who can watch beside its link (`useRecordUploadView`). */
export function RecordUploadView(props: {
  /** Who can watch changes through it. */
  recordings: RecordingUploads;
  state: RecordingUploadState;
  /** The recorder is stopping or stopped: the link shows from then on. */
  stopped: boolean;
  renderVideoLink?: ((videoId: string) => ReactNode) | undefined;
}) {
  const view = useRecordUploadView(props.recordings, props.state, props.stopped);
  return <View {...view} renderVideoLink={props.renderVideoLink} />;
}

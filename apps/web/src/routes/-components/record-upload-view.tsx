import { uploadViewOf, type RecordingUploads, type RecordingUploadState } from '@stream/recording-uploads';
import { useWhoCanWatch } from '@stream/recording-uploads/react';
import { RecordUploadView as View } from '@stream/ui';
import type { ReactNode } from 'react';

/** Where the recording's upload stands (`uploadViewOf`), with who can watch beside its link (issue 26, item 2). */
export function RecordUploadView(props: {
  /** Who can watch changes through it. */
  recordings: RecordingUploads;
  state: RecordingUploadState;
  /** The recorder is stopping or stopped: the link shows from then on. */
  stopped: boolean;
  renderVideoLink?: ((videoId: string) => ReactNode) | undefined;
}) {
  const view = uploadViewOf(props.state, props.stopped);
  const minted = view.link?.link ? view.link : undefined;
  const who = useWhoCanWatch(props.recordings, minted?.videoId, minted?.visibility);
  const whoCanWatch = who.visibility && {
    visibility: who.visibility,
    onChange: who.change,
    busy: who.busy,
    error: who.error,
  };
  return <View {...view} whoCanWatch={whoCanWatch || undefined} renderVideoLink={props.renderVideoLink} />;
}

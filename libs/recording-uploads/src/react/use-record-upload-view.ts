import type { RecordingUploads, RecordingUploadState } from '../recording-uploads.ts';
import { uploadViewOf } from '../upload-view.ts';
import { useRecordingTitle } from './use-recording-title.ts';
import { useWhoCanWatch } from './use-who-can-watch.ts';

/**
 * Where the recording's upload stands (`uploadViewOf`), with who can watch beside its link once
 * the link exists: `@stream/ui`'s RecordUploadView props, save for the link's look.
 */
export function useRecordUploadView(recordings: RecordingUploads, state: RecordingUploadState, stopped: boolean) {
  const view = uploadViewOf(state, stopped);
  const minted = view.link?.link ? view.link : undefined;
  const who = useWhoCanWatch(recordings, minted?.videoId, minted?.visibility);
  const whoCanWatch = who.visibility && {
    visibility: who.visibility,
    onChange: who.change,
    busy: who.busy,
    error: who.error,
  };
  const title = useRecordingTitle(recordings, minted?.videoId);
  return { ...view, whoCanWatch: whoCanWatch || undefined, title: minted ? title : undefined };
}

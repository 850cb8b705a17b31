import { instantMessages } from './messages.ts';
import type { RecordingUploadState } from './recording-uploads.ts';
import type { WhoCanWatch } from './share/share-link.ts';

/** What /record says of a recording's upload, on every path, for a page to draw. */
export interface UploadView {
  /** The instant path's warnings (offline, low space, no local copy, quota full), while they matter. */
  readonly notices: readonly string[];
  /** The watch-page link (shown from Stop on, or once uploaded on a path that mints one). */
  readonly link?: {
    readonly link: string | undefined;
    readonly failed: boolean;
    readonly videoId: string | undefined;
    readonly visibility: WhoCanWatch | undefined;
  };
  /** The instant upload's progress: what it is doing and its percent of what was recorded. */
  readonly progress?: { readonly label: string; readonly percent: number };
  /** The server has every byte: docs/product.md's 'Video uploaded successfully!' and the video. */
  readonly uploaded?: { readonly message: string; readonly videoId: string | undefined };
}

const percent = (uploaded: number, recorded: number) =>
  recorded > 0 ? Math.min(100, Math.round((uploaded / recorded) * 100)) : 0;

/**
 * What to show of `state`: the instant path's warnings and progress while recording, its link
 * once the recorder is `stopped` (stopping or stopped), and the success once the server has it all.
 */
export function uploadViewOf(state: RecordingUploadState, stopped: boolean): UploadView {
  const live = state.status === 'recording' || state.status === 'finishing' ? state.instant : undefined;
  const uploading = live && live.upload !== 'finished' && live.upload !== 'failed';
  const shown = live && (live.active || live.videoId) ? live : undefined;
  const notices: string[] = [];
  if (shown?.offline && uploading) notices.push(instantMessages.offline);
  if (shown?.lowSpace && shown.active) notices.push(instantMessages.lowSpace);
  if (shown?.noLocalCopy && shown.active) notices.push(instantMessages.noLocalCopy);
  // Said while recording goes on, so the person knows the link will not fill up.
  if (shown?.quotaExceeded) notices.push(instantMessages.quotaExceeded);
  const from =
    state.status === 'uploaded' && state.path !== 'whole-file' ? state : stopped && shown?.videoId ? shown : undefined;
  return {
    notices,
    ...(from && {
      link: { link: from.link, failed: from.linkFailed, videoId: from.videoId, visibility: from.visibility },
    }),
    ...(shown?.videoId &&
      (shown.active || stopped) && {
        progress: {
          label: shown.upload === 'failed' ? instantMessages.stopped : instantMessages.uploading,
          percent: percent(shown.uploadedBytes, shown.recordedBytes),
        },
      }),
    ...(state.status === 'uploaded' && { uploaded: { message: state.message, videoId: state.videoId } }),
  };
}
